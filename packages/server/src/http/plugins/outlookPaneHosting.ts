import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import sharp from 'sharp';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OfficeJsSource } from '../../config/officeJsSource';
import { APP_PAGE_CSP, WEB_NOT_BUILT_MESSAGE } from './webHosting';

/** Microsoft's hosted office.js (the only URL an AppSource listing accepts). */
export const OFFICE_JS_HOSTED_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** The path prefix of our own copy of office.js: versioned, so each release of the package gets fresh URLs and the files can be cached for a year. */
export const OFFICE_JS_PATH_PREFIX = '/office-js/';

/** The ribbon icon's source, beside the add-in manifest that points at its PNGs. */
const RIBBON_ICON_SVG = resolve(__dirname, '..', '..', '..', '..', '..', 'manifests', 'outlook', 'icon.svg');

/** The pixel sizes the manifest names: the desktop ribbon's 16, 32, 80, and Outlook mobile's 25, 32, 48 at scales 1–3. */
export const RIBBON_ICON_SIZES: readonly number[] = [16, 25, 32, 48, 50, 64, 75, 80, 96, 144];

/** The folder of the installed @microsoft/office-js build and its version. */
function officeJsPackage(): { dir: string; version: string } {
  const manifest = require.resolve('@microsoft/office-js/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: join(dirname(manifest), 'dist'), version };
}

/** The one place the choice is made: the office.js URL the pane page loads, and the script origin its CSP must allow. */
export function officeJsScript(source: OfficeJsSource): { url: string; origin: string | null } {
  if (source === 'hosted') return { url: OFFICE_JS_HOSTED_URL, origin: new URL(OFFICE_JS_HOSTED_URL).origin };
  return { url: `${OFFICE_JS_PATH_PREFIX}${officeJsPackage().version}/office.js`, origin: null };
}

/** The pane page's CSP: the app pages' policy, with office.js's origin added to script-src when it is not ours. */
export function outlookPaneCsp(scriptOrigin: string | null): string {
  if (scriptOrigin === null) return APP_PAGE_CSP;
  return APP_PAGE_CSP.replace("script-src 'self'", `script-src 'self' ${scriptOrigin}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * outlook.html with office.js as the first script: a classic blocking script, so the `Office`
 * global exists before the (deferred, module) pane bundle runs, which only waits on `Office.onReady`.
 */
export function withOfficeJs(html: string, officeJsUrl: string): string {
  const tag = `<script src="${escapeAttribute(officeJsUrl)}"></script>`;
  const firstScript = html.search(/<script\b/i);
  if (firstScript >= 0) return `${html.slice(0, firstScript)}${tag}${html.slice(firstScript)}`;
  const headEnd = html.search(/<\/head>/i);
  return headEnd >= 0 ? `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}` : `${tag}${html}`;
}

/** The sign-in dialog's page (OUTLOOK_SIGN_IN_DIALOG_PATH of the add-in) and the built file it is. */
export const OUTLOOK_SIGN_IN_PAGE = { path: '/outlook/sign-in.html', file: 'outlook-sign-in.html' } as const;

/** The sign-in page's CSP: the pane's, and MSAL may also talk to the Entra authority (metadata, token endpoint). */
export function outlookSignInCsp(scriptOrigin: string | null, entraAuthority: string): string {
  const csp = outlookPaneCsp(scriptOrigin);
  const authorityOrigin = new URL(entraAuthority).origin;
  return csp.replace("connect-src 'self'", `connect-src 'self' ${authorityOrigin}`);
}

/**
 * Sends the pane page (or another of the add-in's pages: `page`, its CSP `csp`) with the given
 * office.js and a CSP that allows it. The demo's Outlook simulator serves the same pages with its
 * stand-in script, so the pane itself never knows.
 */
export async function sendOutlookPane(
  reply: FastifyReply,
  webDir: string,
  script: { url: string; origin: string | null },
  options: { page?: string; csp?: string } = {},
): Promise<FastifyReply> {
  const page = join(webDir, options.page ?? 'outlook.html');
  if (!existsSync(page)) return reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
  const html = withOfficeJs(await readFile(page, 'utf8'), script.url);
  return reply
    .header('Cache-Control', 'no-cache')
    .header('Content-Security-Policy', options.csp ?? outlookPaneCsp(script.origin))
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The Outlook task pane: `/outlook` and `/outlook/*` → outlook.html with office.js from the
 * configured source, `/outlook/sign-in.html` → the sign-in dialog's page, the ribbon's icons at `/outlook/icons/icon-{size}.png` (RIBBON_ICON_SIZES), and, when the
 * source is `self`, our pinned copy of office.js (with the host scripts and string files it
 * loads beside itself) under `/office-js/<version>/`, cached for a year.
 */
export async function registerOutlookPaneHosting(
  app: FastifyInstance,
  options: { webDir: string; officeJs: OfficeJsSource; entraAuthority: () => string },
): Promise<void> {
  // Our copy is served only when the pane loads it: with Microsoft's hosted office.js nothing may fall back to the unsupported one.
  if (options.officeJs === 'self') {
    const { dir, version } = officeJsPackage();
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `${OFFICE_JS_PATH_PREFIX}${version}/`,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      index: false,
      wildcard: true,
    });
  }
  // The ribbon's icons, drawn once from the SVG the manifest folder keeps: Outlook fetches them by absolute URL.
  const icons = new Map<number, Promise<Buffer>>();
  app.get<{ Params: { size: string } }>('/outlook/icons/icon-:size.png', async (request, reply) => {
    const size = Number(request.params.size);
    if (!RIBBON_ICON_SIZES.includes(size)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    let png = icons.get(size);
    if (png === undefined) {
      png = readFile(RIBBON_ICON_SVG).then((svg) => sharp(svg).resize(size, size).png().toBuffer());
      png.catch(() => icons.delete(size));
      icons.set(size, png);
    }
    return reply
      .header('Cache-Control', 'public, max-age=86400')
      .type('image/png')
      .send(await png);
  });

  const script = officeJsScript(options.officeJs);
  const pane = async (_request: unknown, reply: FastifyReply): Promise<FastifyReply> => sendOutlookPane(reply, options.webDir, script);
  // The sign-in dialog's page (the Office dialog fallback): MSAL's redirect URI, with office.js for messageParent.
  app.get(OUTLOOK_SIGN_IN_PAGE.path, async (_request, reply) =>
    sendOutlookPane(reply, options.webDir, script, {
      page: OUTLOOK_SIGN_IN_PAGE.file,
      csp: outlookSignInCsp(script.origin, options.entraAuthority()),
    }),
  );
  app.get('/outlook', pane);
  app.get('/outlook/*', pane);
}
