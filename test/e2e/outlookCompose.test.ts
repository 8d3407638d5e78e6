import type { Page } from 'playwright-core';
import { ANNOTATION_TYPES } from '../../packages/core/src/model';
import { DEMO_PURCHASE_INVOICES, demoVendor } from '../../packages/server/src/demo/demoWorld';
import { OutlookAttachPage, OutlookSimulatorPage } from './pages/OutlookSimulatorPage';
import { SearchPage } from './pages/SearchPage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf } from './support/demoApi';

/** Two demo invoices of different vendors. */
const [FIRST, SECOND] = DEMO_PURCHASE_INVOICES.filter(
  (invoice, index, all) => all.findIndex((other) => other.vendor === invoice.vendor) === index,
).slice(0, 2);
const NAMES = [`${FIRST.vendorInvoiceNo}.pdf`, `${SECOND.vendorInvoiceNo}.pdf`];

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** A document's id by its name, through the clerk's search. */
async function documentId(token: string, name: string): Promise<number> {
  const response = await fetch(`${session.server.baseUrl}/api/documents/search?q=${encodeURIComponent(name)}&skip=0&take=30`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const found = ((await response.json()) as { documents: { id: number; name: string }[] }).documents.find(
    (candidate) => candidate.name === name,
  );
  if (found === undefined) throw new Error(`${name} is not found by the clerk's search.`);
  return found.id;
}

/** A document's file through the download route (GET /documents/{id}/data?download=true), with or without annotations burned in. */
async function downloadedBytes(token: string, id: number, embedAnnotations: boolean): Promise<Buffer> {
  const response = await fetch(`${session.server.baseUrl}/api/documents/${id}/data?download=true&embedAnnotations=${embedAnnotations}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('an AP clerk attaching stored invoices to a message in Outlook', () => {
  it('signs in through Outlook, finds two invoices in the pane, attaches both with annotations, and the message holds both PDFs with their names and bytes', async () => {
    // The approver has marked both invoices: a solid rectangle on page 1 of each.
    const clerk = await demoTokenOf(session.server.baseUrl, 'clerk');
    const approver = await demoTokenOf(session.server.baseUrl, 'approver');
    const ids = new Map<string, number>();
    for (const name of NAMES) {
      const id = await documentId(clerk, name);
      ids.set(name, id);
      const marked = await fetch(`${session.server.baseUrl}/api/documents/${id}/annotations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${approver}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: ANNOTATION_TYPES.solidRectangle,
          page: 1,
          color: '#ffd400',
          x: 400,
          y: 300,
          width: 1600,
          height: 400,
          content: null,
          size: null,
        }),
      });
      expect(marked.status).toBe(201);
    }

    const outlook = new OutlookSimulatorPage(page, session.server.baseUrl);
    await outlook.open('clerk');
    const pane = outlook.pane();
    const search = new SearchPage(pane);
    const attach = new OutlookAttachPage(pane);

    // Compose opens on the search: Office SSO (the demo Entra ID) traded for the product token on the way.
    await search.box().waitFor();
    // Every demo invoice's description says 'invoice': one search lists both.
    await search.type('invoice');
    await search.closeSuggestions();
    for (const name of NAMES) await search.waitForResult(name);
    for (const name of NAMES) await attach.selectResult(name);
    await attach.attach(2, { withAnnotations: true });
    // The closing line comes once every file is attached or failed; a failure's words are in the dialog.
    expect(await attach.summary()).toEqual({ summary: '2 documents attached.', rows: expect.any(String) as unknown });
    await outlook.waitForAttachments(2);

    const recorded = await outlook.attachments();
    // In the order the results list them.
    expect(recorded.map((attachment) => attachment.name).sort()).toEqual([...NAMES].sort());
    expect(recorded.every((attachment) => !attachment.isInline)).toBe(true);
    for (const attachment of recorded) {
      const bytes = Buffer.from(attachment.base64, 'base64');
      const id = ids.get(attachment.name) ?? 0;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(attachment.size).toBe(bytes.length);
      // The annotations are burned in: the file is the annotated download, not the stored one.
      expect(bytes.equals(await downloadedBytes(clerk, id, true))).toBe(true);
      expect(bytes.equals(await downloadedBytes(clerk, id, false))).toBe(false);
    }
    expect(await outlook.attachmentList().getByRole('listitem').allInnerTexts()).toEqual(
      recorded.map((attachment) => expect.stringContaining(attachment.name)),
    );
    expect(demoVendor(FIRST.vendor).name).not.toBe(demoVendor(SECOND.vendor).name);
    expect(session.errors).toEqual([]);
  });
});
