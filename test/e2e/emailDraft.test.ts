import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { headerParameters, headerValue, parseMime } from '../../packages/server/src/mail/test/parseMime';
import { DemoErpPage } from './pages/DemoErpPage';
import { ExportActionsPage } from './pages/ExportActionsPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';

const VENDOR = 'Fabrikam, Inc.';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('an AP clerk e-mails a document from Business Central', () => {
  it('E-mail in the viewer goes to the host (POST /email-draft → EmailDraftRequested), which gets the .eml with the document byte-identical', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const viewer = new ViewerPage(app);
    const exportActions = new ExportActionsPage(page, app);

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await folders.waitForFolder('Invoices');
    const fileName = `Mail E2E-${Date.now()}.pdf`;
    const pdf = await makeInvoicePdf({ pages: 1, vendorName: VENDOR, invoiceNumber: 'MAIL-0001' });
    await folders.uploadByPicker('Invoices', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await folders.waitForDocument(fileName);
    await folders.openDocument(fileName, 'Invoices');
    expect(await viewer.pageCount()).toBe(1);

    const download = await exportActions.createMailDraft();
    expect(download.suggestedFilename()).toBe('Documents.eml');
    const path = await download.path();
    const message = parseMime(await readFile(path));
    expect(message.headers.get('x-unsent')).toBe('1');
    const attachments = message.parts.filter((part) => headerValue(part.headers.get('content-disposition') ?? '') === 'attachment');
    expect(attachments.map((part) => headerParameters(part.headers.get('content-disposition') ?? '').get('filename'))).toEqual([fileName]);
    expect(attachments[0].body.equals(pdf)).toBe(true);

    await exportActions.addInEvents().filter({ hasText: 'E-mail draft Documents.eml offered for download' }).waitFor();
    expect(await exportActions.addInEvents().filter({ hasText: 'EmailDraftRequested documents [' }).count()).toBe(1);
    expect(session.errors).toEqual([]);
  });
});
