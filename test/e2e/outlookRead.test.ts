import type { Page } from 'playwright-core';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** A demo user's product token, as the demo ERP page gets it. */
async function tokenOf(username: string): Promise<string> {
  return (await fetch(`${session.server.baseUrl}/demo/erp/token?username=${username}`)).text();
}

/** The id of a queue the user may browse, by its name. */
async function queueId(token: string, name: string): Promise<number> {
  const root = (await (await fetch(`${session.server.baseUrl}/api/workflow-root`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { queueTypes: { queues: { id: number; name: string }[] }[] };
  const queue = root.queueTypes.flatMap((type) => type.queues).find((candidate) => candidate.name === name);
  if (queue === undefined) throw new Error(`The queue ${name} is not listed for this user.`);
  return queue.id;
}

/** The documents of a queue, as its first page lists them. */
async function queueDocuments(token: string, id: number): Promise<{ id: number; name: string; description: string | null }[]> {
  const response = await fetch(`${session.server.baseUrl}/api/queues/${id}/workflow?skip=0&take=200`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: { id: number; name: string; description: string | null }[] }).documents;
}

describe("an AP clerk filing a received e-mail's invoice from Outlook", () => {
  it('reads the message in the pane, files its PDF into AP Inbox (the text file said not to be importable), finds it there, and a second filing is said to be a duplicate', async () => {
    const invoiceNo = 'OUT-E2E-1';
    const clerk = await tokenOf('clerk');
    const inbox = await queueId(clerk, 'AP Inbox');
    await page.goto(`${session.server.baseUrl}/demo/outlook?user=clerk&mode=read&invoiceNo=${invoiceNo}`);
    const pane = page.frameLocator('iframe[title="Datahaven Documents"]');

    await pane.getByRole('heading', { name: "File this e-mail's invoice" }).waitFor();
    await pane.getByText('payment-terms.txt cannot be filed: only PDF, TIFF and image files are imported.').waitFor();
    const pdf = pane.getByRole('checkbox', { name: `Invoice ${invoiceNo}.pdf` });
    expect(await pdf.isChecked()).toBe(true);
    // The queue list is the clerk's workflow root: Office SSO traded for the product token on the way.
    await pane.getByRole('option', { name: /— AP Inbox$/ }).waitFor({ state: 'attached' });
    await pane.getByRole('combobox', { name: 'Queue' }).selectOption({ label: (await pane.getByRole('option', { name: /— AP Inbox$/ }).textContent()) ?? '' });
    await pane.getByRole('textbox', { name: 'Note' }).fill('Filed from Outlook.');
    await pane.getByRole('button', { name: 'File' }).click();
    await pane.getByText('1 document filed in AP Inbox.').waitFor();
    expect(await pane.getByRole('link', { name: 'Open AP Inbox' }).getAttribute('href')).toBe(`/queues/${inbox}/documents`);

    const filed = (await queueDocuments(clerk, inbox)).filter((document) => document.name === `Invoice ${invoiceNo}.pdf`);
    expect(filed).toHaveLength(1);
    expect(filed[0].description).toBe(`Invoice ${invoiceNo} — Fabrikam Accounts <ap@fabrikam.example>`);

    // The same message filed again: nothing stored, the server's words shown.
    await pane.getByRole('button', { name: 'File' }).click();
    await pane.getByText(/is already in the queue AP Inbox; it was not imported again\./).first().waitFor();
    expect((await queueDocuments(clerk, inbox)).filter((document) => document.name === `Invoice ${invoiceNo}.pdf`)).toHaveLength(1);
    expect(session.errors).toEqual([]);
  });
});
