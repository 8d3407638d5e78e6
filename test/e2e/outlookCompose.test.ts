import type { Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES, demoVendor } from '../../packages/server/src/demo/demoWorld';
import { OutlookAttachPage, OutlookSimulatorPage } from './pages/OutlookSimulatorPage';
import { SearchPage } from './pages/SearchPage';
import { useBrowserSession } from './support/browserSession';

/** Two demo invoices of different vendors. */
const [FIRST, SECOND] = DEMO_PURCHASE_INVOICES.filter((invoice, index, all) => all.findIndex((other) => other.vendor === invoice.vendor) === index).slice(0, 2);
const NAMES = [`${FIRST.vendorInvoiceNo}.pdf`, `${SECOND.vendorInvoiceNo}.pdf`];

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** The clerk's product token, as the demo ERP page gets it, for reading the files the way a download does. */
async function clerkToken(): Promise<string> {
  return (await fetch(`${session.server.baseUrl}/demo/erp/token?username=clerk`)).text();
}

/** A document's bytes with annotations burned in, through the download route (GET /documents/{id}/data?download=true). */
async function downloadedBytes(token: string, name: string): Promise<Buffer> {
  const headers = { Authorization: `Bearer ${token}` };
  const search = (await (await fetch(`${session.server.baseUrl}/api/documents/search?q=${encodeURIComponent(name)}&skip=0&take=30`, { headers })).json()) as { documents: { id: number; name: string }[] };
  const document = search.documents.find((candidate) => candidate.name === name);
  if (document === undefined) throw new Error(`${name} is not found by the clerk's search.`);
  const response = await fetch(`${session.server.baseUrl}/api/documents/${document.id}/data?download=true&embedAnnotations=true`, { headers });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('an AP clerk attaching stored invoices to a message in Outlook', () => {
  it('signs in through Outlook, finds two invoices in the pane, attaches both with annotations, and the message holds both PDFs with their names and bytes', async () => {
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
    const token = await clerkToken();
    for (const attachment of recorded) {
      const bytes = Buffer.from(attachment.base64, 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(attachment.size).toBe(bytes.length);
      expect(bytes.equals(await downloadedBytes(token, attachment.name))).toBe(true);
    }
    expect(await outlook.attachmentList().getByRole('listitem').allInnerTexts()).toEqual(recorded.map((attachment) => expect.stringContaining(attachment.name)));
    expect(demoVendor(FIRST.vendor).name).not.toBe(demoVendor(SECOND.vendor).name);
    expect(session.errors).toEqual([]);
  });
});
