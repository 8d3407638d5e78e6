import type { Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';

/*
 * Issue 35, finding 7 (duplicate invoices), the browser's half: Contoso's CS-88120 (PI-1002, seeded
 * in Approval L1 as CS-88120.pdf) is filed a second time on its purchase invoice under another name
 * and with other bytes, and the clerk sends it on to Approval L1. Pat Approver sees both rows marked
 * "Possible duplicate of …", opens the other copy from the row's link, cannot approve the copy
 * without a reason to approve it anyway (the dialog says so, and so does the server), and then
 * approves it with one, which its notes keep.
 */
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1002') ?? DEMO_PURCHASE_INVOICES[1];
const ORIGINAL = `${INVOICE.vendorInvoiceNo}.pdf`;
const COPY = 'Contoso CS 88120 scan.pdf';
const REASON = 'Contoso sent the invoice twice; CS-88120.pdf will be rejected.';

/** Text as a pattern of its own. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

/** A JSON call to the server as a demo user's token; throws with the answer when it is not 2xx. */
async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${session.server.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** The clerk files the copy on PI-1002 (it arrives in the AP Inbox) and routes it on to Approval L1, as the queues allow. */
async function fileTheCopy(): Promise<number> {
  const clerk = await demoTokenOf(session.server.baseUrl, 'clerk');
  const form = new FormData();
  const pdf = await makeInvoicePdf({ pages: 2, vendorName: 'Contoso Supplies', invoiceNumber: INVOICE.vendorInvoiceNo });
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), COPY);
  const query = `dataAreaId=CRONUS&typeName=${encodeURIComponent('bc:Microsoft.NAV.PurchaseHeader')}&recordId=${INVOICE.systemId}`;
  const uploaded = await fetch(`${session.server.baseUrl}/api/documents?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${clerk}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`The upload answered ${uploaded.status}: ${await uploaded.text()}`);
  let [copy] = (await uploaded.json()) as { id: number; rowVersion: number; queue: { id: number } | null }[];
  let at = copy.queue?.id ?? 0;
  for (const next of ['Coding', 'Approval L1']) {
    const to = await queueIdByName(session.server.baseUrl, clerk, next);
    const moved = await call<{ documents: { id: number; queueId: number; rowVersion: number }[] }>(clerk, 'PUT', '/api/documents/route', {
      docId: [copy.id],
      rowConflictIds: [copy.rowVersion],
      expectedQueueId: at,
      to,
    });
    copy = { ...copy, rowVersion: moved.documents[0].rowVersion };
    at = to;
  }
  return copy.id;
}

describe('a second copy of an invoice in the approver queue', () => {
  it('is marked in the row with a link to the other copy, is not approved without a reason to approve it anyway, and is approved with one', async () => {
    const copyId = await fileTheCopy();
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    let l1 = await erp.openQueueAs('approver', 'Approval L1');

    // Both copies say so. PI-1002's facts are read by a background job; should it not have run yet,
    // the list is refreshed until the mark shows (each wait has its deadline, jest's bounds them all).
    const marker = l1.possibleDuplicate(COPY);
    await l1.row(COPY).waitFor();
    while (
      !(await marker.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      await l1.action('Refresh').click();
    await marker.getByText(`Possible duplicate of ${ORIGINAL}`).waitFor();
    await l1.possibleDuplicate(ORIGINAL).getByText(`Possible duplicate of ${COPY}`).waitFor();

    // The row's link opens the other copy in the viewer, which lists the copy it may duplicate.
    await marker.getByRole('link', { name: `Open ${ORIGINAL}, the document this one may duplicate` }).click();
    await app.getByRole('heading', { name: ORIGINAL, exact: true }).waitFor();
    const bar = app.locator('[aria-label="Possible duplicate"]');
    await bar.getByRole('link', { name: `Open ${COPY}, the document this one may duplicate` }).waitFor();

    // Back in the queue: Approve on the copy asks for the reason first, and nothing is approved without it.
    l1 = await erp.openQueueAs('approver', 'Approval L1');
    await l1.row(COPY).click();
    await l1.action('Approve').click();
    const prompt = l1.duplicateApprovePrompt();
    await prompt.waitFor();
    await prompt.getByText(`${COPY}: possible duplicate of '${ORIGINAL}' in Approval L1 (the same vendor and invoice number;`).waitFor();
    const reason = prompt.getByRole('textbox', { name: /Reason to approve anyway/ });
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    // Approval L1 asks for a note too (ApproveFromNoteRequired).
    await prompt.getByRole('textbox', { name: /Note/ }).fill('Checked against the delivery.');
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await prompt.getByText('Give the reason to approve a possible duplicate anyway.').waitFor();

    // The server refuses the same in words, whoever asks without the reason (the copy is still in Approval L1: not 409).
    const approver = await demoTokenOf(session.server.baseUrl, 'approver');
    const l1Id = await queueIdByName(session.server.baseUrl, approver, 'Approval L1');
    const [listed] = await call<{ id: number; rowVersion: number }[]>(approver, 'GET', `/api/documents?docId[]=${copyId}`);
    const refused = await fetch(`${session.server.baseUrl}/api/documents/approval`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${approver}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ docId: [copyId], rowConflictIds: [listed.rowVersion], expectedQueueId: l1Id, approvalNote: 'ok' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      new RegExp(
        `^'${literally(COPY)}' is a possible duplicate of '${literally(ORIGINAL)}' in Approval L1 \\(.*\\): approving it needs a reason to override\\.$`,
      ),
    );

    // With the reason (typed where the focus went), the copy is approved on to Approval L2; the original stays.
    await reason.focus();
    await page.keyboard.type(REASON);
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });
    await l1.row(COPY).waitFor({ state: 'detached' });
    expect(await l1.documentNames()).toContain(ORIGINAL);
    const notes = await call<{ text: string }[]>(approver, 'GET', `/api/documents/${copyId}/notes`);
    expect(notes.map((note) => note.text)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Approved by approver as a possible duplicate of '${literally(ORIGINAL)}' in Approval L1 .*Reason to override: ${literally(REASON)}$`,
        ),
      ),
    );
    expect(session.errors).toEqual([]);
  });
});
