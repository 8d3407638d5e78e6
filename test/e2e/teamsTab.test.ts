import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from '@fluentui/react-components';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { FEATURES1 } from '../../packages/core/src/model';
import { demoEntraObjectId } from '../../packages/server/src/demo/demoEntraObjectId';
import { DEMO_PURCHASE_INVOICES } from '../../packages/server/src/demo/demoWorld';
import { TeamsConfigurePage } from './pages/TeamsConfigurePage';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf } from './support/demoApi';

/*
 * Issue 14, Done-when row 1, in Chromium on /demo/teams: Pat Approver adds the Datahaven tab to
 * the channel for Approval L1 and saves; the tab shows that queue; Pat approves a document with
 * the note L1 requires; Teams switches to dark and to high contrast and the tab follows without a
 * reload; a new invoice the clerk routes to Approval L1 produces one activity notification for
 * Pat, whose deep link opens that document in the tab.
 */
const QUEUE = 'Approval L1';
/** In Approval L1 from the demo seed (Contoso's PI-1002). */
const APPROVED = 'CS-88120.pdf';
const NOTE = 'Matches the purchase order; approved from the Teams channel.';
/** Queue feature bit 'WorkflowRoute' (approval lists), from the core's model. */
const WORKFLOW_ROUTE = FEATURES1.WorkflowRoute;
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1004') ?? DEMO_PURCHASE_INVOICES[3];

const session = useBrowserSession();
let page: Page;
let teams: TeamsSimulatorPage;

/** A Fluent hex colour as Chromium's computed style writes it. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** A call to our web services as a user; the JSON answer, or an error with the server's words. */
async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${session.server.baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface UploadedDocument {
  id: number;
  name: string;
  rowVersion: number;
  queue: { id: number; name: string } | null;
}

/**
 * The clerk files a new vendor invoice on PI-1004 (it arrives in the AP Inbox) and routes it on,
 * AP Inbox → Coding → Approval L1, as the clerk works the queues. Returns the new document.
 */
async function routeNewInvoiceToApprovalL1(fileName: string): Promise<UploadedDocument> {
  const clerk = await demoTokenOf(session.server.baseUrl, 'clerk');
  const root = await api<{ queueTypes: { queues: { id: number; name: string }[] }[] }>(clerk, 'GET', '/workflow-root');
  const queueId = (name: string): number => {
    const queue = root.queueTypes.flatMap((type) => type.queues).find((item) => item.name === name);
    if (!queue) throw new Error(`The clerk does not see the queue ${name}.`);
    return queue.id;
  };
  const form = new FormData();
  const pdf = await makeInvoicePdf({ pages: 1, vendorName: 'Litware Office', invoiceNumber: INVOICE.vendorInvoiceNo });
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
  const query = new URLSearchParams({ typeName: 'bc:Microsoft.NAV.PurchaseHeader', dataAreaId: 'CRONUS', recordId: INVOICE.systemId });
  const [uploaded] = await api<UploadedDocument[]>(clerk, 'POST', `/documents?${query.toString()}`, form);
  let rowVersion = uploaded.rowVersion;
  let from = uploaded.queue?.id ?? queueId('AP Inbox');
  for (const to of [queueId('Coding'), queueId(QUEUE)]) {
    const moved = await api<{ documents: { id: number; queueId: number; rowVersion: number }[] }>(clerk, 'PUT', '/documents/route', {
      docId: [uploaded.id],
      rowConflictIds: [rowVersion],
      expectedQueueId: from,
      to,
      note: 'Coded against the purchase order.',
    });
    rowVersion = moved.documents[0].rowVersion;
    from = moved.documents[0].queueId;
  }
  return uploaded;
}

/** The activity notifications the Graph stand-in recorded. */
interface RecordedNotification {
  userId: string;
  activityType: string;
  topic: { webUrl: string };
  templateParameters: { name: string; value: string }[];
}

async function recordedNotifications(): Promise<RecordedNotification[]> {
  const answer = await fetch(`${session.server.baseUrl}/demo/graph/notifications`);
  return ((await answer.json()) as { notifications: RecordedNotification[] }).notifications;
}

/** The sub-entity a notification's deep link opens (`document:<id>`). */
function subEntityOf(notification: RecordedNotification): string | null {
  const context = new URL(notification.topic.webUrl).searchParams.get('context');
  return context === null ? null : ((JSON.parse(context) as { subEntityId?: string }).subEntityId ?? null);
}

beforeAll(async () => {
  page = await session.newWindow();
  teams = new TeamsSimulatorPage(page, session.server.baseUrl);
});

describe('the Datahaven tab in a Teams channel (/demo/teams)', () => {
  let tab: FrameLocator;
  let l1: WorkflowQueuePage;

  it('is configured for Approval L1, saved, and shows that queue, where the approver approves a document with its note', async () => {
    await teams.open('approver');
    await teams.addTab();
    const configure = new TeamsConfigurePage(teams.configureFrame());
    await configure.waitForQueues();
    expect(await teams.saveButton().isDisabled()).toBe(true);
    await configure.choose(QUEUE);
    await teams.waitForSaveEnabled();
    await teams.saveButton().click();

    tab = teams.tabFrame();
    l1 = new WorkflowQueuePage(tab, QUEUE);
    await l1.grid().waitFor();
    expect(await teams.tabStripEntry().textContent()).toBe(QUEUE);
    expect(await teams.savedConfig('entityId').textContent()).toMatch(/^datahaven-queue-\d+$/);
    expect(await teams.savedConfig('contentUrl').textContent()).toMatch(/\/teams\/queues\/\d+$/);
    await l1.waitForDocuments(['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf']);

    await l1.row(APPROVED).click();
    await l1.approveWithNote(NOTE);
    await l1.notePrompt().waitFor({ state: 'hidden' });
    await l1.waitForDocuments(['NWT-2025-0097.pdf', 'LW-5531.pdf']);
    expect(session.errors).toEqual([]);
  });

  it('follows Teams to the dark and the high-contrast theme without a reload', async () => {
    const root = tab.locator('[data-theme="default"], [data-theme="dark"], [data-theme="contrast"]').first();
    const themed = tab.locator('.fui-FluentProvider').first();
    const background = (): Promise<string> => themed.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await root.getAttribute('data-theme')).toBe('default');
    expect(await background()).toBe(rgb(teamsLightTheme.colorNeutralBackground1));
    // A mark on the tab's window: gone if the frame reloaded.
    await root.evaluate((element) => Object.assign(element.ownerDocument.defaultView ?? {}, { datahavenThemeMark: 'kept' }));

    await teams.switchTheme('Dark');
    await tab.locator('[data-theme="dark"]').waitFor();
    expect(await background()).toBe(rgb(teamsDarkTheme.colorNeutralBackground1));

    await teams.switchTheme('High contrast');
    await tab.locator('[data-theme="contrast"]').waitFor();
    expect(await background()).toBe(rgb(teamsHighContrastTheme.colorNeutralBackground1));
    expect(await root.evaluate((element) => Reflect.get(element.ownerDocument.defaultView ?? {}, 'datahavenThemeMark'))).toBe('kept');
    expect(session.errors).toEqual([]);
  });

  it('notifies the approver once of a new invoice routed to Approval L1, and the notification opens it in the tab', async () => {
    await fetch(`${session.server.baseUrl}/demo/graph/notifications`, { method: 'DELETE' });
    const fileName = `LW-5531 Teams ${Date.now()}.pdf`;
    const arrived = await routeNewInvoiceToApprovalL1(fileName);

    // The feed lists it once the server's batch is sent (the simulator polls the Graph stand-in);
    // each recipient's notification is sent on its own, so wait for Pat's.
    const subEntity = `document:${arrived.id}`;
    const link = page.locator(`a[href*="${encodeURIComponent(`"subEntityId":"${subEntity}"`)}"]`);
    const mine: Locator = teams.notifications().filter({ has: link }).filter({ hasText: '(approver)' });
    await mine.waitFor({ timeout: 120_000 });
    const approverOid = demoEntraObjectId('approver');
    const forApprover = (await recordedNotifications()).filter(
      (notification) => notification.userId === approverOid && subEntityOf(notification) === subEntity,
    );
    expect(forApprover).toHaveLength(1);
    expect(forApprover[0].activityType).toBe('documentsArrived');
    expect(forApprover[0].templateParameters).toEqual(
      expect.arrayContaining([
        { name: 'queue', value: QUEUE },
        { name: 'count', value: '1' },
      ]),
    );

    await teams.openNotification(mine);
    const opened = new WorkflowQueuePage(teams.tabFrame(), QUEUE);
    await opened.grid().waitFor();
    await opened.waitForDocuments(['NWT-2025-0097.pdf', 'LW-5531.pdf', fileName]);
    expect(await opened.selectedNames()).toEqual([fileName]);
    expect(session.errors).toEqual([]);
  });

  it('opens a document’s approval list inside the tab (no popup without the Teams sign-in), and Back by keyboard returns to the queue', async () => {
    // An administrator turns on approval lists (WorkflowRoute) for Approval L1; the demo seeds none.
    const admin = { Authorization: `Bearer ${await demoTokenOf(session.server.baseUrl, 'admin')}`, Accept: 'application/json' };
    const queues = (await (await fetch(`${session.server.baseUrl}/odata/v1/WorkflowQueues`, { headers: admin })).json()) as {
      value: { Id: number; Name: string; Features: { Features1: number } }[];
    };
    const l1Queue = queues.value.find((queue) => queue.Name === QUEUE);
    if (!l1Queue) throw new Error(`No ${QUEUE} in ${JSON.stringify(queues)}`);
    const patched = await fetch(`${session.server.baseUrl}/odata/v1/WorkflowQueues(${l1Queue.Id})`, {
      method: 'PATCH',
      headers: { ...admin, 'Content-Type': 'application/json', 'If-Match': '*' },
      body: JSON.stringify({ Features: { Features1: l1Queue.Features.Features1 | WORKFLOW_ROUTE } }),
    });
    expect(patched.status).toBeLessThan(300);

    const tabFrame = teams.tabFrame();
    const queuePage = new WorkflowQueuePage(tabFrame, QUEUE);
    await queuePage.action('Refresh').click();
    await queuePage.row('LW-5531.pdf').click();
    // Enabled once the refreshed list says the document may have an approval list.
    const approvalList = tabFrame.getByRole('button', { name: 'Approval list', exact: true, disabled: false });
    await approvalList.waitFor();
    const popups: Page[] = [];
    page.context().on('page', (opened) => popups.push(opened));
    await approvalList.click();

    await tabFrame.getByRole('heading', { name: 'Approval list – LW-5531.pdf' }).waitFor();
    expect(await tabFrame.locator('body').evaluate(() => window.location.pathname)).toMatch(/^\/teams\/approval-routes\/[^/]+$/);
    expect(popups).toEqual([]);

    const back = tabFrame.getByRole('button', { name: 'Back', exact: true });
    await back.focus();
    await back.press('Enter');
    await queuePage.grid().waitFor();
    expect(await tabFrame.locator('body').evaluate(() => window.location.pathname)).toMatch(/^\/teams\/workflow2\/queues\/\d+\/documents$/);
    expect(await queuePage.selectedNames()).toEqual(['LW-5531.pdf']);
    expect(session.errors).toEqual([]);
  });
});
