import type { Page } from 'playwright-core';
import { FEATURES2 } from '../../packages/core/src/model';
import { DEMO_UNLINKED_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { viewerAction } from './pages/viewerTool';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { useBrowserSession } from './support/browserSession';

/*
 * Issue 34, Done-when: the queue refreshes after approve-after-link. Coding is made a
 * PromptToApproveOnLink queue that approves on to Approval L1 (the demo seeds neither); the
 * unlinked Northwind invoice in Coding gets a new purchase invoice by New Card From Document in
 * the inline viewer, the queue's OnLink event asks "Approve now?", and once approved the invoice
 * leaves the Coding list shown behind the dialog, with no Refresh clicked.
 */
const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

/** An administrator's OData PATCH of a workflow queue, as the portal's queue admin would send it. */
async function patchQueue(token: string, queueId: number, change: object): Promise<void> {
  const answer = await fetch(`${session.server.baseUrl}/odata/v1/WorkflowQueues(${queueId})`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json', 'If-Match': '*' },
    body: JSON.stringify(change),
  });
  if (answer.status >= 300) throw new Error(`PATCH WorkflowQueues(${queueId}) answered ${answer.status}: ${await answer.text()}`);
}

/** The names of a queue's documents, read through the API as `token`'s user. */
async function documentNamesIn(token: string, queueId: number): Promise<string[]> {
  const answer = await fetch(`${session.server.baseUrl}/api/queues/${queueId}/workflow?take=200`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const page = (await answer.json()) as { documents: { name: string }[] };
  return page.documents.map((doc) => doc.name);
}

describe('approve after a link in the Business Central iframe', () => {
  it('approves the Northwind invoice from Coding after New Card links it, and the Coding list drops it without a Refresh', async () => {
    const admin = await demoTokenOf(session.server.baseUrl, 'admin');
    const codingId = await queueIdByName(session.server.baseUrl, admin, 'Coding');
    const l1Id = await queueIdByName(session.server.baseUrl, admin, 'Approval L1');
    await patchQueue(admin, codingId, { Features: { Features2: FEATURES2.PromptToApproveOnLink }, ApproveToQueueId: l1Id });

    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const coding = await erp.openQueueAs('admin', 'Coding');
    await coding.row(DEMO_UNLINKED_FILE_NAME).waitFor();
    const others = (await coding.documentNames()).filter((name) => name !== DEMO_UNLINKED_FILE_NAME);
    await coding.row(DEMO_UNLINKED_FILE_NAME).click();

    // New Card From Document in the inline viewer: a new purchase invoice for Northwind, the document linked to it.
    await (await viewerAction(app, 'New Card From Document', true)).click();
    const dialog = app.getByRole('dialog', { name: `New record from ${DEMO_UNLINKED_FILE_NAME}` });
    await dialog.getByRole('option', { name: 'Vendor Invoice', exact: true }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('option', { name: /^V30000 – / }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Vendor', { exact: true }).selectOption('V30000');
    await dialog.getByLabel("Vendor's invoice number").fill('NWT-2025-0150');
    await dialog.getByRole('button', { name: 'Create and link' }).click();

    // Coding's OnLink event asks; Approve now sends it on to Approval L1.
    const ask = app.getByRole('alertdialog', { name: 'Approve now?' });
    await ask.getByText(`The queue Coding asks whether to approve ${DEMO_UNLINKED_FILE_NAME} now that it is linked.`).waitFor();
    await ask.getByRole('button', { name: 'Approve now' }).click();
    await app.locator('.fui-ToastTitle').filter({ hasText: 'Document approved' }).waitFor();

    // The list behind the dialogs read itself again: the invoice has left Coding, the rest stay.
    await coding.waitForDocuments(others);
    expect(await documentNamesIn(admin, l1Id)).toContain(DEMO_UNLINKED_FILE_NAME);
    expect(session.errors).toEqual([]);
  });
});
