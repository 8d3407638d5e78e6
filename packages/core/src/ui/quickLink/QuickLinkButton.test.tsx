import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentLinkedNotice, HostAdapter, RecordToOpen } from '../../host';
import { FEATURES2, WORKFLOW_PERMS, type DmsDocument, type DocumentAccess, type QueueDocumentsPage, type WorkflowQueue } from '../../model';
import { MESSAGES } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../test/renderApp';

const PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;
const INVOICE = 'bc%3AMicrosoft.NAV.PurchaseHeader';
const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
/** No inline viewer under the list: its pdf.js chunk would suspend the screen and re-create the open dialog's portal. */
const NO_AUTOVIEW = { autoview: 'false' };
/** Queries inside a Fluent dialog include hidden elements: tabster marks the modal aria-hidden in jsdom. */
const IN_DIALOG = { hidden: true } as const;

function quickQueue(fields: Partial<WorkflowQueue> = {}): WorkflowQueue {
  return {
    id: 21,
    name: 'Quick Link Inbox',
    enabled: true,
    queueTypeId: 4,
    queueTypeName: 'Quick Link',
    documentCount: 2,
    features1: 0,
    features2: FEATURES2.LinkOnApprovalRequired,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: 22,
    rejectToQueueId: null,
    workflowPerms: PERMS,
    ...fields,
  };
}

function unlinkedIn(id: number, queue: WorkflowQueue): DmsDocument {
  return testDocument({
    id,
    name: `scan-${id}.pdf`,
    rowVersion: id * 10,
    workflowPerms: PERMS,
    queueName: queue.name,
    link: null,
    queue: {
      id: queue.id,
      name: queue.name,
      queueTypeId: queue.queueTypeId,
      queueTypeName: queue.queueTypeName,
      features1: queue.features1,
      features2: queue.features2,
    },
    workflowModifiers: {
      approvalRouteRequired: false,
      blockApproveUnlinked: false,
      noRoutes: true,
      blockRouteUnlinked: false,
      warnRouteUnlinked: false,
      quickLink: true,
    },
  });
}

const ACCESS = { approve: true, reject: true, route: true, link: true } as Partial<DocumentAccess>;

/** Fake web services for a quick-link queue with two unlinked scans, the ERP's purchase invoices and the link and approve calls. */
function services(
  queue: WorkflowQueue,
  requests: { links: RecordedRequest[]; approvals: RecordedRequest[] },
  overrides: Record<string, FakeRoute> = {},
): Record<string, FakeRoute> {
  const docs = [unlinkedIn(1, queue), unlinkedIn(2, queue)];
  return {
    'GET /api/options': () => [],
    [`GET /api/queues/${queue.id}/workflow`]: (): QueueDocumentsPage => ({ queue, documents: docs, total: docs.length, skip: 0, take: 30 }),
    [`GET /api/queues/${queue.id}`]: () => queue,
    [`GET /api/queues/${queue.id}/link-to-approval`]: () => ({
      queueId: queue.id,
      linkOnApprovalRequired: (queue.features2 & FEATURES2.LinkOnApprovalRequired) !== 0,
      approveToQueueId: queue.approveToQueueId,
      configured: true,
    }),
    'GET /api/documents/1': () => docs[0],
    'GET /api/documents/1/access': () => ACCESS,
    'GET /api/documents/2/access': () => ACCESS,
    'GET /api/sits': () => [
      {
        id: 2,
        externalTableId: 38,
        sourceTypeId: 2,
        entityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
        label: 'Purchase Invoice',
        productType: null,
        allowNewCard: true,
      },
    ],
    [`GET /api/entity-types/${INVOICE}/properties`]: () => [
      { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true },
      { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false },
    ],
    [`GET /api/entity-types/${INVOICE}/entities`]: (request) =>
      request.search.get('q_number') === 'PI-1003' ? [{ id: PI_1003, number: 'PI-1003', dataAreaId: 'CRONUS' }] : [],
    'POST /api/documents/1/link': (request) => {
      requests.links.push(request);
      return {
        link: {
          dataAreaId: 'CRONUS',
          sourceTableId: 38,
          sourceType: 2,
          sourceNumber: 'PI-1003',
          sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
          recordId: PI_1003,
          sitId: 2,
        },
        rowVersion: 11,
      };
    },
    'PUT /api/documents/approval': (request) => {
      requests.approvals.push(request);
      return { documents: [{ id: 1, queueId: 22, rowVersion: 12 }] };
    },
    ...overrides,
  };
}

/** An ERP-like host: hears the link notices and opens records itself. */
function erpHost(heard: { linked: DocumentLinkedNotice[]; opened: RecordToOpen[] }): (base: HostAdapter) => HostAdapter {
  return (base) => ({
    ...base,
    notifyDocumentLinked: (notice) => {
      heard.linked.push(notice);
      return Promise.resolve();
    },
    openRecord: (record) => {
      heard.opened.push(record);
      return Promise.resolve();
    },
  });
}

type SelectingApp = { services: { selection: { set(ids: number[]): void } } };

/** Selects `selected` in the listing and waits until Quick Link is on; hands back the button, not clicked yet. */
async function quickLinkFor(selected: number[], app: SelectingApp): Promise<HTMLElement> {
  await screen.findByRole('grid', { name: 'Quick Link Inbox documents' });
  const toolbar = screen.getByRole('toolbar', { name: 'Workflow actions' });
  const button = await within(toolbar).findByRole('button', { name: 'Quick Link' });
  act(() => app.services.selection.set(selected));
  await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
  return button;
}

/**
 * Clicks Quick Link for document 1 and waits for its dialog. The dialog reads the host's context
 * as it mounts (useHostContext), and that answer lands a microtask after the click: the wait has
 * to start in the same tick as the click, with no await between them, so the update arrives while
 * testing-library waits rather than outside act() (React warned about it once per dialog opened).
 */
async function openQuickLink(app: SelectingApp): Promise<HTMLElement> {
  const button = await quickLinkFor([1], app);
  fireEvent.click(button);
  return screen.findByRole('dialog', IN_DIALOG);
}

describe('Quick Link in a Quick Link queue', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("says 'Multiple documents were selected for Quick Link in a Quick Link queue.' for several, and is not offered in other queues", async () => {
    const requests = { links: [], approvals: [] };
    const app = renderApp('/workflow2/queues/21/documents', services(quickQueue(), requests), { local: NO_AUTOVIEW });
    fireEvent.click(await quickLinkFor([1, 2], app));
    // The Approve tooltip gives the same rule's reason; the alert area says it on the click.
    await waitFor(() =>
      expect(screen.getAllByText(MESSAGES.quickLinkMultipleSelected).some((element) => element.closest('[role=tooltip]') === null)).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    app.unmount();

    const plain = quickQueue({ id: 31, name: 'AP Inbox', queueTypeName: 'AP Invoices' });
    renderApp('/workflow2/queues/31/documents', services(plain, requests), { local: NO_AUTOVIEW });
    await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(requests.links).toEqual([]));
    expect(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).queryByRole('button', { name: 'Quick Link' })).toBeNull();
  });

  it('links the document to the record typed by its number, tells the ERP page, opens the record (LaunchRecordAfterDocumentLink), then approves with the row version of the link', async () => {
    const requests = { links: [] as RecordedRequest[], approvals: [] as RecordedRequest[] };
    const heard = { linked: [] as DocumentLinkedNotice[], opened: [] as RecordToOpen[] };
    const queue = quickQueue({ features2: FEATURES2.LinkOnApprovalRequired | FEATURES2.LaunchRecordAfterDocumentLink });
    const app = renderApp(
      '/workflow2/queues/21/documents?dataAreaId=CRONUS',
      {
        ...services(queue, requests),
        'GET /api/entities/url': () => ({ url: 'https://bc.example/?page=51', pageId: 51, number: 'PI-1003' }),
      },
      { search: '?dataAreaId=CRONUS', host: erpHost(heard), local: NO_AUTOVIEW },
    );
    const dialog = await openQuickLink(app);
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Record number or ID/, ...IN_DIALOG }), {
      target: { value: 'PI-1003' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link and approve', ...IN_DIALOG }));
    await screen.findByText('scan-1.pdf linked to PI-1003 and approved');
    expect(requests.links).toHaveLength(1);
    expect(Object.fromEntries(requests.links[0].search)).toMatchObject({
      relatedTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      relatedDataAreaId: 'CRONUS',
      relatedRecordId: PI_1003,
      rowConflictId: '10',
      expectedQueueId: '21',
    });
    expect(requests.approvals.map((request) => request.body)).toEqual([{ docId: [1], rowConflictIds: [11], expectedQueueId: 21 }]);
    expect(heard.linked).toEqual([{ docId: 1, typeName: 'bc:Microsoft.NAV.PurchaseHeader', dataAreaId: 'CRONUS', recordId: PI_1003 }]);
    await waitFor(() => expect(heard.opened.map((record) => record.number)).toEqual(['PI-1003']));
    expect(app.services.selection.getSnapshot().ids).toEqual([]);
  });

  it("follows the queue's OnLink event: AutoApproveOnLink approved it (no second approval), or its refusal is shown with the link standing", async () => {
    const requests = { links: [] as RecordedRequest[], approvals: [] as RecordedRequest[] };
    const linked = {
      link: {
        dataAreaId: 'CRONUS',
        sourceTableId: 38,
        sourceType: 2,
        sourceNumber: 'PI-1003',
        sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
        recordId: PI_1003,
        sitId: 2,
      },
    };
    const linkAnswers = [
      { ...linked, rowVersion: 12, queueId: 22, autoApproved: true, autoApproveRefusal: null, promptToApprove: false, launchRecord: false },
      {
        ...linked,
        rowVersion: 11,
        queueId: 21,
        autoApproved: false,
        autoApproveRefusal: "Approving documents needs the 'Workflow: Approve' privilege.",
        promptToApprove: false,
        launchRecord: false,
      },
    ];
    const queue = quickQueue({ features2: FEATURES2.LinkOnApprovalRequired | FEATURES2.AutoApproveOnLink });
    const linkAndApprove = async (app: SelectingApp): Promise<HTMLElement> => {
      const dialog = await openQuickLink(app);
      fireEvent.change(await within(dialog).findByRole('textbox', { name: /Record number or ID/, ...IN_DIALOG }), {
        target: { value: 'PI-1003' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Link and approve', ...IN_DIALOG }));
      return dialog;
    };
    const overrides = {
      'POST /api/documents/1/link': (request: RecordedRequest) => (requests.links.push(request), linkAnswers[requests.links.length - 1]),
    };
    const app = renderApp('/workflow2/queues/21/documents', services(queue, requests, overrides), { local: NO_AUTOVIEW });
    await linkAndApprove(app);
    await screen.findByText('scan-1.pdf linked to PI-1003 and approved');
    expect(requests.approvals).toEqual([]);
    app.unmount();

    const refused = renderApp('/workflow2/queues/21/documents', services(queue, requests, overrides), { local: NO_AUTOVIEW });
    const dialog = await linkAndApprove(refused);
    await within(dialog).findByText("Approving documents needs the 'Workflow: Approve' privilege.");
    expect(requests.links).toHaveLength(2);
    expect(requests.approvals).toEqual([]);
  });

  it("answers a record that is not there with 'Link failed, since record ID: …', found by number or refused by the server, and links nothing", async () => {
    const requests = { links: [] as RecordedRequest[], approvals: [] as RecordedRequest[] };
    const missing = '00000000-0000-4000-8000-000000009999';
    const app = renderApp(
      '/workflow2/queues/21/documents',
      {
        ...services(quickQueue(), requests),
        'POST /api/documents/1/link': (request) => {
          requests.links.push(request);
          return FakeResponse.json(
            { statusCode: 404, exceptionType: 'NotFound', message: `Business Central has no record '${missing}' in the company 'CRONUS'.` },
            404,
          );
        },
      },
      { local: NO_AUTOVIEW },
    );
    const dialog = await openQuickLink(app);
    const input = await within(dialog).findByRole('textbox', { name: /Record number or ID/, ...IN_DIALOG });
    fireEvent.change(input, { target: { value: 'PI-9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link and approve', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG)).textContent).toBe(
      'Link failed, since record ID: PI-9999 was not found among the Purchase Invoice records of the ERP. Check the number, or find the record with Link to Existing.',
    );
    expect(requests.links).toEqual([]);

    fireEvent.change(input, { target: { value: missing } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link and approve', ...IN_DIALOG }));
    await waitFor(() => expect(requests.links).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert', IN_DIALOG).textContent).toContain(`Link failed, since record ID: ${missing} was not found`),
    );
    expect(requests.approvals).toEqual([]);
  });

  it("says 'This queue has not been properly configured for Link To Approval' where the setup is incomplete, and approves anyway when asked", async () => {
    const requests = { links: [] as RecordedRequest[], approvals: [] as RecordedRequest[] };
    const app = renderApp('/workflow2/queues/21/documents', services(quickQueue({ features2: 0 }), requests), { local: NO_AUTOVIEW });
    const dialog = await openQuickLink(app);
    expect(await within(dialog).findByText(MESSAGES.linkToApprovalNotConfigured)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway', ...IN_DIALOG }));
    await waitFor(() => expect(requests.approvals).toHaveLength(1));
    await screen.findByText('scan-1.pdf approved');
    expect(requests.links).toEqual([]);
    expect(requests.approvals.map((request) => request.body)).toEqual([{ docId: [1], rowConflictIds: [10], expectedQueueId: 21 }]);
  });
});
