import type { Page } from 'playwright-core';
import { ANNOTATION_TYPES, decodeDocumentId, type Annotation } from '../../packages/core/src/model';
import { DEMO_PURCHASE_INVOICES } from '../../packages/server/src/demo/demoWorld';
import { AnnotationPage } from './pages/AnnotationPage';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { useBrowserSession } from './support/browserSession';

/** Litware's open purchase invoice, waiting in 'Approval L1' (demo world: 2 pages, the record's 'Invoice' folder). */
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1004') ?? DEMO_PURCHASE_INVOICES[3];
const RECORD = INVOICE.number;
const FILE_NAME = `${INVOICE.vendorInvoiceNo}.pdf`;
const FOLDER = 'Invoice';
/** The demo approver holds 'Cabinet: Annotations Add Only' (enough for their own marks) and full access to Approval L1. */
const USER = 'approver';
const NOTE_TEXT = 'Wrong VAT';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

/** The document id of the viewer open in the app's frame (/viewer/{encoded id}). */
function openDocumentId(): number {
  const frame = page.frames().find((candidate) => /\/viewer\/[^/?]+/.test(new URL(candidate.url()).pathname));
  if (!frame) throw new Error('No viewer is open.');
  return decodeDocumentId(decodeURIComponent(new URL(frame.url()).pathname.split('/').pop() ?? ''));
}

/** GET /api/annotations of one page as the user, straight from the server. */
async function storedAnnotations(docId: number, pageNumber: number): Promise<Annotation[]> {
  const token = await (await fetch(`${session.server.baseUrl}/demo/erp/token?username=${USER}`)).text();
  const response = await fetch(`${session.server.baseUrl}/api/annotations?docId=${docId}&page=${pageNumber}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Annotation[];
}

describe('an approver marking an invoice in the Business Central iframe', () => {
  it('draws a rectangle and a text box on page 1; after a reload they are still there, the server has them, and a nudge, a delete and its undo reach the server', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const viewer = new ViewerPage(app);
    const annotations = new AnnotationPage(page, app);

    await erp.open();
    await erp.switchUser(USER);
    await erp.openRecord(RECORD);
    await folders.openDocument(FILE_NAME, FOLDER);
    expect(await viewer.pageCount()).toBe(INVOICE.pages);
    expect(await viewer.inkOnPage(1)).toBeGreaterThan(1000);

    await annotations.drawRectangle(1, { x: 0.55, y: 0.1 }, { x: 0.85, y: 0.18 });
    await annotations.waitForAnnotation('Rectangle annotation');
    await annotations.drawTextBox(1, { x: 0.1, y: 0.6 }, { x: 0.5, y: 0.68 }, NOTE_TEXT);
    await annotations.waitForAnnotation(`Text box annotation: ${NOTE_TEXT}`);
    const docId = openDocumentId();

    await page.reload();
    await erp.switchUser(USER);
    await erp.openRecord(RECORD);
    await folders.openDocument(FILE_NAME, FOLDER);
    await annotations.waitForAnnotation('Rectangle annotation');
    await annotations.waitForAnnotation(`Text box annotation: ${NOTE_TEXT}`);

    const stored = await storedAnnotations(docId, 1);
    expect(stored.map((annotation) => annotation.type).sort()).toEqual([ANNOTATION_TYPES.textbox, ANNOTATION_TYPES.solidRectangle]);
    const rectangle = stored.find((annotation) => annotation.type === ANNOTATION_TYPES.solidRectangle);
    const textBox = stored.find((annotation) => annotation.type === ANNOTATION_TYPES.textbox);
    expect(textBox).toMatchObject({ content: NOTE_TEXT, size: 14, color: 0xed1c24, author: USER });
    // Drawn at 55–85 % across and 10–18 % down the A4 invoice page (renderInvoicePdf.ts): the stored box says the same in units.
    const pageUnits = { width: 595.28 / 0.36, height: 841.89 / 0.36 };
    expect(rectangle?.x).toBeGreaterThan(0.5 * pageUnits.width);
    expect(rectangle?.x).toBeLessThan(0.6 * pageUnits.width);
    expect((rectangle?.x ?? 0) + (rectangle?.width ?? 0)).toBeGreaterThan(0.8 * pageUnits.width);
    expect(rectangle?.y).toBeGreaterThan(0.05 * pageUnits.height);
    expect(rectangle?.y).toBeLessThan(0.15 * pageUnits.height);

    // The same marks stay editable: nudge, delete and undo go to the server too.
    await annotations.select('Rectangle annotation');
    await annotations.pressAndWaitForSave('Control+ArrowDown', 'PUT');
    const nudged = (await storedAnnotations(docId, 1)).find((annotation) => annotation.type === ANNOTATION_TYPES.solidRectangle);
    expect(nudged?.y).toBeGreaterThan(rectangle?.y ?? Infinity);
    expect(nudged?.rowVersion).toBe((rectangle?.rowVersion ?? 0) + 1);
    await annotations.pressAndWaitForSave('Delete', 'DELETE');
    expect((await storedAnnotations(docId, 1)).map((annotation) => annotation.type)).toEqual([ANNOTATION_TYPES.textbox]);
    await annotations.pressAndWaitForSave('Control+z', 'POST');
    await annotations.waitForAnnotation('Rectangle annotation');
    expect((await storedAnnotations(docId, 1)).find((annotation) => annotation.type === ANNOTATION_TYPES.solidRectangle)).toMatchObject({
      x: nudged?.x,
      y: nudged?.y,
      width: nudged?.width,
      height: nudged?.height,
      color: 0xed1c24,
    });
    expect(session.errors).toEqual([]);
  });
});
