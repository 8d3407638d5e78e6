import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkflowQueue } from '../../../model';
import { invalidQueueTypeId } from '../../../rules';
import { renderRoute } from '../../test/renderRoute';
import { QueuesSlimScreen } from './QueuesSlimScreen';

const PATTERN = '/queue-types/:queueTypeId/queues-slim';

function queue(id: number, name: string, documentCount: number): WorkflowQueue {
  return {
    id,
    name,
    enabled: true,
    queueTypeId: 3,
    queueTypeName: 'AP Invoices',
    documentCount,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: null,
    rejectToQueueId: null,
    workflowPerms: 0,
  };
}

const QUEUES = [queue(10, 'AP Inbox', 1), queue(13, 'Approval L1', 3)];

describe('QueuesSlimScreen', () => {
  it("lists the type's queues with counts as links into the given area", async () => {
    const app = renderRoute('/queue-types/3/queues-slim?areaPrefix=portal/workflow', PATTERN, <QueuesSlimScreen />, {
      'GET /api/queue-types/3/queues': () => QUEUES,
    });
    const nav = await screen.findByRole('navigation', { name: 'AP Invoices' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['AP Inbox, 1 document', 'Approval L1, 3 documents']);
    expect(links[1].getAttribute('href')).toBe('/portal/workflow/queues/13/documents?queueTypeId=3');
    fireEvent.click(links[1]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/portal/workflow/queues/13/documents?queueTypeId=3'));
    expect(app.requests.map((r) => r.path)).toEqual(['/api/queue-types/3/queues']);
  });

  it("links into 'workflow2' when the area prefix is not a plain path", async () => {
    renderRoute('/queue-types/3/queues-slim?areaPrefix=https://evil.example', PATTERN, <QueuesSlimScreen />, {
      'GET /api/queue-types/3/queues': () => QUEUES,
    });
    expect((await screen.findByRole('link', { name: /^AP Inbox/ })).getAttribute('href')).toBe(
      '/workflow2/queues/10/documents?queueTypeId=3',
    );
  });

  it("refuses a queue type id that is not a number with the spec's text, without asking the server", async () => {
    const app = renderRoute('/queue-types/abc/queues-slim', PATTERN, <QueuesSlimScreen />, {});
    expect((await screen.findByRole('alert')).textContent).toBe(invalidQueueTypeId('abc'));
    expect(invalidQueueTypeId('abc')).toBe("'abc'is not a valid Queue Type ID.  Refusing to load its queues.");
    expect(app.requests).toEqual([]);
  });

  it('says so when there is no queue the caller may open', async () => {
    renderRoute('/queue-types/3/queues-slim', PATTERN, <QueuesSlimScreen />, { 'GET /api/queue-types/3/queues': () => [] });
    expect(await screen.findByText('There are no queues here that you may open.')).toBeTruthy();
  });
});
