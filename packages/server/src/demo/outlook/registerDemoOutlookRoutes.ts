import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OUTLOOK_SIGN_IN_PAGE, sendOutlookPane } from '../../http/plugins/outlookPaneHosting';
import { renderInvoicePdf } from '../renderInvoicePdf';
import { DEMO_USERS, DEMO_VENDORS } from '../demoWorld';
import { demoPageLanguage } from '../demoPageLanguage';
import { localizedDemoPage } from '../localizedDemoPage';

/** The simulator's own files (plain HTML, CSS and script), kept beside this module's sources. */
const PAGE_DIR = resolve(__dirname, '..', '..', '..', 'src', 'demo', 'outlook');

const ASSETS: Record<string, string> = {
  'outlook.css': 'text/css; charset=utf-8',
  'outlook.js': 'text/javascript; charset=utf-8',
  'office-standin.js': 'text/javascript; charset=utf-8',
};

/** Where the pane page loads Office from inside the simulator: the stand-in, not office.js. */
export const OFFICE_STANDIN_URL = '/demo/outlook/office-standin.js';

/** The page's script runs from files only; it frames the pane page, served by this same server. */
const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; connect-src 'self'";

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The Outlook simulator (demo mode, inside the demo's loopback-only scope): `/demo/outlook` plays
 * an Outlook compose window around the Datahaven Documents task pane and records the attachments
 * the pane adds (`?mode=read`: a received message with a PDF invoice and a text file instead); `/demo/outlook/pane` is the product's own pane page with the simulator's
 * stand-in for Office.js in place of office.js (the one thing that differs from Outlook).
 */
export async function registerDemoOutlookRoutes(app: FastifyInstance, webDir: string): Promise<void> {
  app.get('/demo/outlook', async (request, reply) => {
    const language = demoPageLanguage(request);
    const template = await readFile(join(PAGE_DIR, 'outlook.html'), 'utf8');
    const options = DEMO_USERS.map(
      (user) =>
        `<option value="${escapeHtml(user.username)}">${escapeHtml(`${user.firstName} ${user.lastName} (${user.username})`)}</option>`,
    ).join('');
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Content-Language', language)
      .type('text/html; charset=utf-8')
      .send(
        localizedDemoPage(
          // The simulator's Office locale starts as the page's own, so the pane speaks as the page does.
          template
            .replace('{{userOptions}}', options)
            .replace('<option value="de-DE">', language === 'de' ? '<option value="de-DE" selected>' : '<option value="de-DE">'),
          language,
        ),
      );
  });

  // The read message's invoice (the simulator's read mode): a fresh invoice number per page load, so filing it twice shows the duplicate.
  app.get<{ Querystring: { no?: string } }>('/demo/outlook/read-message/invoice.pdf', async (request, reply) => {
    const invoiceNo = /^[A-Za-z0-9-]{1,20}$/.test(request.query.no ?? '') ? String(request.query.no) : 'OUT-1001';
    const pdf = await renderInvoicePdf(
      { vendor: DEMO_VENDORS[0].number, invoiceNo, date: '2026-11-20', dueDate: '2026-12-20', reference: 'PO-4711', pages: 1, seed: 4711 },
      DEMO_VENDORS[0],
    );
    return reply.header('Cache-Control', 'no-store').type('application/pdf').send(pdf);
  });

  app.get('/demo/outlook/pane', async (_request, reply) => sendOutlookPane(reply, webDir, { url: OFFICE_STANDIN_URL, origin: null }));
  // The sign-in dialog's page as the simulator's stand-in opens it (office-standin.js: /outlook/… pages under /demo/outlook/…).
  app.get('/demo/outlook/sign-in.html', async (_request, reply) =>
    sendOutlookPane(reply, webDir, { url: OFFICE_STANDIN_URL, origin: null }, { page: OUTLOOK_SIGN_IN_PAGE.file }),
  );

  app.get<{ Params: { asset: string } }>('/demo/outlook/:asset', async (request, reply) => {
    const type = Object.prototype.hasOwnProperty.call(ASSETS, request.params.asset) ? ASSETS[request.params.asset] : undefined;
    if (type === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    return reply
      .header('Cache-Control', 'no-cache')
      .type(type)
      .send(await readFile(join(PAGE_DIR, request.params.asset)));
  });
}
