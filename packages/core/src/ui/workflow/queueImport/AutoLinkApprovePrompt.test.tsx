import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '../../../api/test/fakes';
import { FEATURES1, type FolderEntry } from '../../../model';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, testDocument, testFolder, type FakeRoute, type RecordedRequest } from '../../test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';

/** Uploads inv.pdf from the folders; it arrives linked in a PromptToApproveOnAutoLink SmartQueue. Resolves to the "Approve now?" dialog. */
async function uploadIntoPromptingQueue(approval: FakeRoute): Promise<HTMLElement> {
  const structure: FolderEntry[] = [testFolder('f2', 'Invoices', [])];
  const xhrs: FakeXhr[] = [];
  renderApp(
    `/folders${CONTEXT}`,
    {
      'GET /api/options': () => [],
      'GET /api/folder-structure': () => structure,
      'PUT /api/documents/approval': approval,
    },
    {
      search: CONTEXT,
      createXhr: () => {
        const xhr = new FakeXhr();
        xhrs.push(xhr);
        return xhr;
      },
    },
  );
  fireEvent.click(await screen.findByRole('treeitem', { name: 'Invoices' }));
  fireEvent.change(screen.getByLabelText('Choose files to upload'), {
    target: { files: [new File(['%PDF-1.7'], 'inv.pdf', { type: 'application/pdf' })] },
  });
  await waitFor(() => expect(xhrs).toHaveLength(1));
  const arrived = testDocument({
    id: 8,
    name: 'inv.pdf',
    rowVersion: 2,
    queueName: 'AP Inbox',
    queue: {
      id: 12,
      name: 'AP Inbox',
      queueTypeName: 'AP Invoices',
      features1: FEATURES1.SmartQueue | FEATURES1.PromptToApproveOnAutoLink,
      features2: 0,
    },
    link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'PI-1004', recordId: 'r1', sitId: 1 },
  });
  act(() => xhrs[0].respond(201, [arrived]));
  return screen.findByRole('alertdialog', { name: 'Approve now?', hidden: true });
}

describe('PromptToApproveOnAutoLink after an upload from the folders', () => {
  it('asks the uploader "Approve now?" for a linked arrival in such a SmartQueue, and approves from that queue', async () => {
    const approvals: RecordedRequest[] = [];
    const ask = await uploadIntoPromptingQueue((request) => {
      approvals.push(request);
      return { documents: [{ id: 8, queueId: 13, rowVersion: 3 }] };
    });
    expect(ask.textContent).toContain('AP Inbox');
    fireEvent.click(within(ask).getByRole('button', { name: 'Approve now', hidden: true }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0].body).toEqual({ docId: [8], rowConflictIds: [2], expectedQueueId: 12 });
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
  });

  it("shows a refused approval in the server's words and asks no more", async () => {
    const refusal = 'The document has moved on to another queue.';
    const refused = await uploadIntoPromptingQueue(() =>
      FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: refusal }, 409),
    );
    fireEvent.click(within(refused).getByRole('button', { name: 'Approve now', hidden: true }));
    await screen.findByText(refusal);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
  });

  it('leaves the document waiting on Not now', async () => {
    const approvals: RecordedRequest[] = [];
    const ask = await uploadIntoPromptingQueue((request) => {
      approvals.push(request);
      return { documents: [] };
    });
    fireEvent.click(within(ask).getByRole('button', { name: 'Not now', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(approvals).toEqual([]);
  });
});
