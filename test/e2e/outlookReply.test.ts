import type { Page } from 'playwright-core';
import { PDFDocument } from '@cantoo/pdf-lib';
import { randomBytes } from 'node:crypto';
import { OutlookBrowserWindowPanel, OutlookReplyPage } from './pages/OutlookReplyPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** Graph's largest upload-session chunk (HOSTS.md "Outlook add-in"): 4 MB. */
const MAX_CHUNK = 4 * 1024 * 1024;

/** A real invoice PDF of about 9 MB: one page of text and a 9 MB attachment of random (incompressible) bytes. */
async function nineMegabytePdf(invoiceNumber: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(await makeInvoicePdf({ pages: 1, vendorName: 'Fabrikam Accounts', invoiceNumber }));
  await pdf.attach(new Uint8Array(randomBytes(9 * 1024 * 1024)), 'scan.bin', {
    mimeType: 'application/octet-stream',
    description: 'The scanned original.',
  });
  return Buffer.from(await pdf.save());
}

/** What the demo Graph mailbox holds (GET /demo/graph/drafts). */
interface DemoDrafts {
  drafts: {
    id: string;
    replyTo: string | null;
    comment: string;
    webLink: string;
    attachments: { name: string; size: number; via: 'inline' | 'uploadSession'; chunkSizes: number[] }[];
  }[];
  violations: string[];
}

describe('an AP clerk replying to a vendor from Outlook with a stored document', () => {
  it('picks a 9 MB statement in the read pane, replies, sees the draft opened, and the demo Graph mailbox received it through an upload session in chunks of at most 4 MB', async () => {
    const clerk = await demoTokenOf(session.server.baseUrl, 'clerk');
    const name = `Statement R-${Date.now().toString(36).toUpperCase()}.pdf`;
    const pdf = await nineMegabytePdf(name);
    expect(pdf.length).toBeGreaterThan(2 * MAX_CHUNK);
    expect(pdf.length).toBeLessThanOrEqual(3 * MAX_CHUNK);
    // Seeded as the clerk files a scan: into the AP Inbox.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    const uploaded = await fetch(
      `${session.server.baseUrl}/api/queues/${await queueIdByName(session.server.baseUrl, clerk, 'AP Inbox')}/documents`,
      { method: 'POST', headers: { Authorization: `Bearer ${clerk}` }, body: form },
    );
    expect(uploaded.status).toBe(201);
    const [stored] = (await uploaded.json()) as { id: number; FileSize: number }[];
    expect(stored.FileSize).toBe(pdf.length);

    await page.goto(`${session.server.baseUrl}/demo/outlook?user=clerk&mode=read&invoiceNo=OUT-REPLY-1`);
    const pane = page.frameLocator('iframe[title="Datahaven Documents"]');
    // The read pane opens on filing; the reply is the second tab.
    await pane.getByRole('heading', { name: "File this e-mail's invoice" }).waitFor();
    const reply = new OutlookReplyPage(pane);
    await reply.open();
    await reply.find(name.replace(/\.pdf$/, ''), name);
    await reply.reply([name], { withAnnotations: false, comment: 'Here is the statement you asked for.' });

    const outcome = await reply.outcome();
    expect(outcome.title).toBe('Reply draft created with 1 attachment.');
    expect(outcome.attached).toEqual([
      expect.stringMatching(new RegExp(`^${name.replace(/[.]/g, '\\.')} \\(9\\.\\d MB, uploaded in 3 parts\\)$`)),
    ]);

    // Office.context.ui.openBrowserWindow (Mailbox 1.5) opened the draft's webLink; the simulator shows it.
    const browser = new OutlookBrowserWindowPanel(page);
    await browser.waitForOpen();
    const listed = (await (await fetch(`${session.server.baseUrl}/demo/graph/drafts`)).json()) as DemoDrafts;
    const draft = listed.drafts.find((candidate) => candidate.attachments.some((attachment) => attachment.name === name));
    if (draft === undefined) throw new Error(`No demo draft holds ${name}.`);
    expect(await browser.openedUrls()).toEqual([new URL(draft.webLink, session.server.baseUrl).href]);
    await browser.frame().getByText(name).waitFor();

    // The reply to the message being read, with the comment, and the file through an upload session of at most 4 MB a chunk.
    expect(draft.replyTo).toBe('AAMkADemoRead-OUT-REPLY-1');
    expect(draft.comment).toContain('Here is the statement you asked for.');
    expect(draft.attachments).toHaveLength(1);
    const [attachment] = draft.attachments;
    expect(attachment.size).toBe(pdf.length);
    expect(attachment.via).toBe('uploadSession');
    expect(attachment.chunkSizes).toEqual([MAX_CHUNK, MAX_CHUNK, pdf.length - 2 * MAX_CHUNK]);
    expect(listed.violations).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});
