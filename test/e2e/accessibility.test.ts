import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_UNLINKED_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { OutlookFilingPage } from './pages/OutlookFilingPage';
import { OutlookReplyPage } from './pages/OutlookReplyPage';
import { OutlookSimulatorPage } from './pages/OutlookSimulatorPage';
import { SearchPage } from './pages/SearchPage';
import { TeamsConfigurePage } from './pages/TeamsConfigurePage';
import { TeamsSimulatorPage, type TeamsThemeLabel } from './pages/TeamsSimulatorPage';
import { ViewerPage } from './pages/ViewerPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { e2eWaitFor } from './support/e2eWaitFor';
import { seedApprovalInvoices } from './support/seedApprovalInvoices';
import { type AccessibilityViolation, accessibilityViolations } from './support/expectAccessible';

/*
 * Issue 38 part 7: axe-core runs on every screen of every host at 1280 px and at 375 px, and no
 * screen has a serious or critical violation (docs/ACCESSIBILITY.md).
 *
 * Axe is scoped to our app: the iframe each host simulator embeds it in (axe analyses the frame's
 * document through it). The simulators' own chrome — the demo ERP's record pages, the Teams
 * channel and its configuration dialog, the Outlook message — stands in for Microsoft's products,
 * which are not ours to fix, so it is left out of the scope on purpose.
 */

/** Our app's iframe in the demo ERP page and in the Outlook simulator. */
const APP_FRAME = 'iframe[title="Datahaven Documents"]';
/** Our tab in the Teams simulator's channel. */
const TEAMS_TAB = 'iframe[title="Datahaven Documents tab"]';
/** Our configuration page in the Teams simulator's dialog. */
const TEAMS_CONFIGURE = 'iframe[title="Tab configuration"]';

/** Contoso's PI-1002 invoice from the demo seed, filed in its 'Invoice' folder and waiting in Approval L1. */
const INVOICE_RECORD = 'PI-1002';
const INVOICE_DOCUMENT = 'CS-88120.pdf';

/**
 * The two widths every screen is checked at: a desk and a phone. The demo ERP page reflows to the
 * window, so it opens in a window that wide; the Teams and Outlook simulators lay their own chrome
 * out for a desk only, so they open at 1280 px and our frame in them is set to 375 px, the width
 * the host gives our app (the width, not the device, chooses the layout: issue 38).
 */
const WIDTHS = [
  { name: '1280 px', viewport: { width: 1280, height: 900 }, frameWidth: null },
  { name: '375 px', viewport: { width: 375, height: 812 }, frameWidth: 375 },
] as const;

/** The window the Teams and Outlook simulators open in at either width. */
const DESK = { width: 1280, height: 900 };

const session = useBrowserSession();

/** What axe found on the screens of one flow, by screen; each flow expects it empty at its end. */
class ScreenAudit {
  readonly findings: { screen: string; violations: AccessibilityViolation[] }[] = [];
  checked = 0;

  constructor(
    private readonly page: Page,
    private readonly width: string,
  ) {}

  /** Runs axe on our frame (by its selector) and keeps the serious and critical findings under the screen's name. */
  async check(screen: string, frame: string): Promise<void> {
    const what = `${screen} at ${this.width}`;
    const violations = await accessibilityViolations(this.page, { what, include: [frame] });
    this.checked += 1;
    if (violations.length > 0) this.findings.push({ screen: what, violations });
  }
}

/** Sets our iframe in a simulator to `width` px (none: as the simulator lays it out) and waits until the app inside sees that width. */
async function narrowFrame(page: Page, selector: string, width: number | null): Promise<void> {
  if (width === null) return;
  await page.locator(selector).evaluate((frame: HTMLIFrameElement, px) => {
    // The content box that wide, whatever border the simulator draws around its frame.
    frame.style.boxSizing = 'content-box';
    frame.style.flex = '0 0 auto';
    frame.style.width = `${px}px`;
  }, width);
  await e2eWaitFor(
    () =>
      page
        .frameLocator(selector)
        .locator('html')
        .evaluate(() => window.innerWidth),
    {
      until: (inner) => inner === width,
      what: `${selector} to be ${width} px wide inside`,
    },
  );
}

/** A workflow command on the toolbar, or in its "More actions" panel when the toolbar had no room for it. */
async function workflowCommand(app: FrameLocator, queue: WorkflowQueuePage, name: 'Approve' | 'Reject' | 'Route'): Promise<void> {
  const button = queue.action(name);
  const more = app.getByRole('toolbar', { name: 'Workflow actions' }).getByRole('button', { name: 'More actions' });
  // The toolbar settles once the selection's access is read: wait for the command or the overflow.
  await button.or(more).first().waitFor();
  if (await button.isVisible()) {
    await button.click();
    return;
  }
  await more.click();
  await app
    .getByRole('toolbar', { name: 'More actions', exact: true })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/**
 * Presses one of the queue's other actions (Send for approval names its target, so it is found by
 * a pattern): wherever it shows, or in the toolbar's "More actions" panel when it had no room.
 */
async function workflowExtra(app: FrameLocator, name: RegExp): Promise<void> {
  const toolbar = app.getByRole('toolbar', { name: 'Workflow actions' });
  // On a phone the viewer's header offers it (the decision bar's More leaves it out).
  const button = app.getByRole('button', { name });
  const more = toolbar.getByRole('button', { name: 'More actions' });
  await button.or(more).first().waitFor();
  if (await button.first().isVisible()) {
    await button.first().click();
    return;
  }
  await more.click();
  await app.getByRole('toolbar', { name: 'More actions', exact: true }).getByRole('button', { name }).click();
}

/**
 * Opens the 'Workflow actions' toolbar's "More actions" (the desktop toolbar's overflow panel, or
 * the phone decision bar's popover) when the toolbar has one, audits it and closes it again.
 * Answers whether it was there to audit.
 */
async function auditMoreActions(page: Page, app: FrameLocator, audit: ScreenAudit, screen: string, frame: string): Promise<boolean> {
  const more = app.getByRole('toolbar', { name: 'Workflow actions' }).getByRole('button', { name: 'More actions' });
  if (!(await more.isVisible())) return false;
  await more.click();
  const opened = app.getByRole('toolbar', { name: 'More actions', exact: true });
  await opened.first().waitFor();
  await audit.check(screen, frame);
  await page.keyboard.press('Escape');
  await opened.first().waitFor({ state: 'hidden' });
  return true;
}

/** Opens the compact viewer toolbar's "More viewer tools" when the viewer has one, audits it and closes it again; answers whether it was there. */
async function auditViewerTools(page: Page, app: FrameLocator, viewer: ViewerPage, audit: ScreenAudit, screen: string): Promise<boolean> {
  if (!(await viewer.moreButton().isVisible())) return false;
  await viewer.moreButton().click();
  const tools = app.getByRole('toolbar', { name: 'More viewer tools' });
  await tools.waitFor();
  await audit.check(screen, APP_FRAME);
  await page.keyboard.press('Escape');
  await tools.waitFor({ state: 'hidden' });
  return true;
}

describe.each(WIDTHS)('every screen at $name has no serious or critical axe-core violation', ({ name, viewport, frameWidth }) => {
  it('in the demo ERP card: folders and search', async () => {
    const page = await session.newWindow(viewport);
    const audit = new ScreenAudit(page, name);
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(INVOICE_RECORD);
    await folders.waitForFolder('Invoice');
    await folders.selectDocument(INVOICE_DOCUMENT, 'Invoice');
    await audit.check('folders of a purchase invoice', APP_FRAME);

    const search = new SearchPage(app);
    await search.openFromFolders();
    await search.type('CS-881');
    await search.waitForResult(INVOICE_DOCUMENT);
    await audit.check('search with results', APP_FRAME);

    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(2);
  });

  it('in the demo ERP card: the viewer, properties and notes', async () => {
    const page = await session.newWindow(viewport);
    const audit = new ScreenAudit(page, name);
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(INVOICE_RECORD);
    await folders.openDocument(INVOICE_DOCUMENT, 'Invoice');
    const viewer = new ViewerPage(app);
    await viewer.pageCount();
    await viewer.pageCanvas(1).waitFor();
    await audit.check('document viewer', APP_FRAME);
    // A viewer narrower than 640 px (the card's, at either width) keeps its tools behind More.
    const compact = await auditViewerTools(page, app, viewer, audit, 'document viewer, More viewer tools');

    await app.getByRole('button', { name: 'Properties' }).click();
    await app.getByRole('status', { name: 'ERP status' }).waitFor();
    await audit.check('document properties', APP_FRAME);

    await viewer.openNotes();
    await app.getByRole('textbox', { name: 'New note' }).waitFor();
    await audit.check('document notes', APP_FRAME);

    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(compact ? 4 : 3);
  });

  it('on the ERP Document Workflow page: the workflow root, a queue, its document, the approve and reject dialogs and route to', async () => {
    const page = await session.newWindow(viewport);
    const audit = new ScreenAudit(page, name);
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    await erp.open();
    await erp.switchUser('approver');
    await erp.openWorkflowPage();
    const workflow = new WorkflowPage(app);
    await workflow.waitForRoot();
    await audit.check('workflow root', APP_FRAME);

    await workflow.openQueue('Approval L1');
    const queue = new WorkflowQueuePage(app, 'Approval L1');
    await queue.grid().waitFor();
    await queue.row(INVOICE_DOCUMENT).waitFor();
    await audit.check('Approval L1 queue list', APP_FRAME);

    await queue.row(INVOICE_DOCUMENT).click();
    await app.getByRole('region', { name: 'Document viewer' }).waitFor();
    await audit.check('Approval L1 with the document open', APP_FRAME);
    // On a phone this is the document step: its decision bar's More holds Lock, Refresh and the other actions.
    const more = await auditMoreActions(page, app, audit, 'Approval L1, More actions', APP_FRAME);

    await workflowCommand(app, queue, 'Approve');
    await queue.notePrompt().waitFor();
    await audit.check('approve dialog asking for the note', APP_FRAME);
    await queue.notePrompt().getByRole('button', { name: 'Cancel', exact: true }).click();
    await queue.notePrompt().waitFor({ state: 'hidden' });

    await workflowCommand(app, queue, 'Reject');
    const reject = app.getByRole('dialog').filter({ has: app.getByRole('textbox', { name: /^(Reason|Note)$/ }) });
    await reject.waitFor();
    await audit.check('reject dialog asking for the reason', APP_FRAME);
    await reject.getByRole('button', { name: 'Cancel', exact: true }).click();
    await reject.waitFor({ state: 'hidden' });

    await workflowCommand(app, queue, 'Route');
    const routeTo = app.getByRole('form', { name: 'Route To ...' });
    await routeTo.getByRole('radio').first().waitFor();
    await audit.check('route to another queue', APP_FRAME);

    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(more ? 7 : 6);
  });

  it('the phone decision step, the full-width viewer, reject with a reason, the rejection bar in Rejected and send for approval', async () => {
    const prefix = `AXR${viewport.width}-`;
    const [invoice] = await seedApprovalInvoices(session.server, { count: 1, prefix, queue: 'Approval L1' });
    const page = await session.newWindow(viewport);
    const audit = new ScreenAudit(page, name);
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    await erp.open();
    await erp.switchUser('approver');
    await erp.openWorkflowPage();
    const workflow = new WorkflowPage(app);
    await workflow.waitForRoot();
    await workflow.openQueue('Approval L1');
    const queue = new WorkflowQueuePage(app, 'Approval L1');
    await app.getByRole('searchbox', { name: 'Filter documents' }).fill(prefix);
    await queue.waitForDocuments([invoice.name]);
    await queue.row(invoice.name).click();
    const viewerRegion = app.getByRole('region', { name: 'Document viewer' });
    await viewerRegion.waitFor();
    await app.getByRole('toolbar', { name: 'Workflow actions' }).getByRole('button', { name: 'Reject', exact: true }).waitFor();
    // On a phone: the document step, its facts and the decision bar at the bottom; on a desk the document beside the list.
    await audit.check(
      frameWidth === null ? 'Approval L1, the document with the toolbar' : 'Approval L1, the phone decision step',
      APP_FRAME,
    );

    // The viewer at full width (its header's "Open full width"), and back.
    await app.getByRole('button', { name: 'Open full width', exact: true }).click();
    await app.getByRole('region', { name: 'Document at full width' }).waitFor();
    await audit.check('the viewer at full width', APP_FRAME);
    await app.getByRole('button', { name: 'Back to the side pane', exact: true }).click();
    await app.getByRole('region', { name: 'Document at full width' }).waitFor({ state: 'hidden' });

    await workflowCommand(app, queue, 'Reject');
    const reject = app.getByRole('dialog').filter({ has: app.getByRole('textbox', { name: /Reason/ }) });
    await reject.waitFor();
    await reject.getByRole('textbox', { name: /Reason/ }).fill('The quantities do not match the delivery.');
    await audit.check('reject with a reason', APP_FRAME);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.waitFor({ state: 'hidden' });

    // The clerk (a window of their own) reads the reason over the document in Rejected, and can send it for approval again.
    const clerkPage = await session.newWindow(viewport);
    const clerkAudit = new ScreenAudit(clerkPage, name);
    const clerkErp = new DemoErpPage(clerkPage, session.server.baseUrl);
    const clerkApp = clerkErp.documentsFrame();
    await clerkErp.open();
    await clerkErp.switchUser('clerk');
    await clerkErp.openWorkflowPage();
    const clerkWorkflow = new WorkflowPage(clerkApp);
    await clerkWorkflow.waitForRoot();
    await clerkWorkflow.openQueue('Rejected');
    const rejected = new WorkflowQueuePage(clerkApp, 'Rejected');
    await clerkApp.getByRole('searchbox', { name: 'Filter documents' }).fill(prefix);
    await rejected.waitForDocuments([invoice.name]);
    await rejected.row(invoice.name).click();
    await clerkApp.getByRole('region', { name: 'Document viewer' }).locator('[data-bar="rejection"]').waitFor();
    await clerkAudit.check('Rejected, the rejection bar over the document', APP_FRAME);

    await workflowExtra(clerkApp, /^Send for approval to /);
    const send = clerkApp.getByRole('dialog').filter({ has: clerkApp.getByRole('textbox', { name: 'Note (optional)' }) });
    await send.waitFor();
    await clerkAudit.check('send for approval', APP_FRAME);
    await send.getByRole('button', { name: 'Cancel', exact: true }).click();
    await send.waitFor({ state: 'hidden' });

    expect([...audit.findings, ...clerkAudit.findings]).toEqual([]);
    expect(audit.checked + clerkAudit.checked).toBe(5);
  });

  it('link to existing, from the Coding queue', async () => {
    const page = await session.newWindow(viewport);
    const audit = new ScreenAudit(page, name);
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    // Autoview shows the document beside the list on a desk; a phone has no autoview, its row opens the document step.
    let coding: WorkflowQueuePage;
    if (frameWidth === null) coding = await erp.openQueueAs('clerk', 'Coding');
    else {
      await erp.open();
      await erp.switchUser('clerk');
      await erp.openWorkflowPage();
      const workflow = new WorkflowPage(app);
      await workflow.waitForRoot();
      await workflow.openQueue('Coding');
      coding = new WorkflowQueuePage(app, 'Coding');
    }
    await coding.row(DEMO_UNLINKED_FILE_NAME).click();
    await app.getByRole('region', { name: 'Document viewer' }).waitFor();
    await new ViewerPage(app).pressTool('Link to Existing');
    await app.getByRole('heading', { name: `Link to existing record – ${DEMO_UNLINKED_FILE_NAME}` }).waitFor();
    await app.getByLabel('Record type').selectOption({ label: 'Purchase Invoice' });
    await app
      .getByRole('grid', { name: 'Records' })
      .getByRole('row', { name: /^PI-1003 / })
      .waitFor();
    await audit.check('link to existing record', APP_FRAME);

    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(1);
  });

  it('in the Teams tab: the configuration page, the queue in each Teams theme, and its document', async () => {
    const page = await session.newWindow(DESK);
    const audit = new ScreenAudit(page, name);
    const teams = new TeamsSimulatorPage(page, session.server.baseUrl);
    await teams.open('approver');
    await teams.addTab();
    const configure = new TeamsConfigurePage(teams.configureFrame());
    await configure.waitForQueues();
    await narrowFrame(page, TEAMS_CONFIGURE, frameWidth);
    await audit.check('Teams tab configuration', TEAMS_CONFIGURE);
    await configure.choose('Approval L1');
    await teams.waitForSaveEnabled();
    // By keyboard: at 1280 px and less the simulator's hidden tab section lies over its dialog and
    // takes a pointer's click (the demo defect "a display:flex rule beats hidden", issue 38).
    await teams.saveButton().press('Enter');

    const tab = teams.tabFrame();
    const queue = new WorkflowQueuePage(tab, 'Approval L1');
    await queue.grid().waitFor();
    await narrowFrame(page, TEAMS_TAB, frameWidth);
    await queue.grid().waitFor();
    for (const theme of ['Default', 'Dark', 'High contrast'] as const satisfies readonly TeamsThemeLabel[]) {
      await teams.switchTheme(theme);
      await tab.locator(`[data-theme="${theme === 'Default' ? 'default' : theme === 'Dark' ? 'dark' : 'contrast'}"]`).waitFor();
      await audit.check(`Teams tab queue, ${theme} theme`, TEAMS_TAB);
    }
    await teams.switchTheme('Default');
    await tab.locator('[data-theme="default"]').waitFor();
    // By keyboard, as the grid's sticky header can lie over a row a pointer would click: on a desk
    // Space selects the focused row and autoview shows it; on a phone Enter opens the document step.
    if (frameWidth === null) await queue.selectWithKeyboard([INVOICE_DOCUMENT]);
    else await queue.row(INVOICE_DOCUMENT).press('Enter');
    await tab.getByRole('region', { name: 'Document viewer' }).waitFor();
    await audit.check('Teams tab with the document open', TEAMS_TAB);
    const more = await auditMoreActions(page, tab, audit, 'Teams tab, More actions', TEAMS_TAB);
    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(more ? 6 : 5);
  });

  it('in Outlook: the compose pane with search results, the read pane filing a mail, and reply with documents', async () => {
    const page = await session.newWindow(DESK);
    const audit = new ScreenAudit(page, name);
    const outlook = new OutlookSimulatorPage(page, session.server.baseUrl);
    await outlook.open('clerk');
    const pane = outlook.pane();
    const search = new SearchPage(pane);
    await search.box().waitFor();
    await narrowFrame(page, APP_FRAME, frameWidth);
    await audit.check('Outlook compose pane', APP_FRAME);
    await search.type('CS-881');
    await pane.getByRole('checkbox', { name: 'Select row' }).first().waitFor();
    await audit.check('Outlook compose pane with search results', APP_FRAME);

    await page.goto(`${session.server.baseUrl}/demo/outlook?user=clerk&mode=read&invoiceNo=AXE-1`);
    const filing = new OutlookFilingPage(pane);
    await filing.waitForReady();
    await narrowFrame(page, APP_FRAME, frameWidth);
    await audit.check('Outlook read pane, filing the mail', APP_FRAME);

    const reply = new OutlookReplyPage(pane);
    await reply.open();
    await reply.find('CS-881', INVOICE_DOCUMENT);
    await audit.check('Outlook read pane, reply with documents', APP_FRAME);

    expect(audit.findings).toEqual([]);
    expect(audit.checked).toBe(4);
  });
});
