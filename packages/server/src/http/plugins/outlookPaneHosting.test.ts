import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../test/testServer';
import { OFFICE_JS_HOSTED_URL, officeJsScript, withOfficeJs } from './outlookPaneHosting';

/** What html-webpack-plugin writes: the bundle as a module script in the head. */
const PANE_HTML =
  '<!doctype html><html><head><title>outlook</title><script type="module" src="/assets/outlook.abc.js"></script></head><body><div id="root"></div></body></html>';

describe('the Outlook pane page and our copy of office.js', () => {
  let webDir: string;
  let self: TestServer;
  let hosted: TestServer;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'datahaven-outlook-'));
    await writeFile(join(webDir, 'outlook.html'), PANE_HTML);
    await writeFile(join(webDir, 'erp.html'), '<!doctype html><title>erp</title>');
    await writeFile(join(webDir, 'outlook-sign-in.html'), PANE_HTML.replace('outlook.abc.js', 'outlook-sign-in.def.js'));
    // The test harness chooses our copy (nothing in tests loads from a CDN); the hosted server says so as a deployment would.
    self = await startTestServer('sqlite', { webDir });
    hosted = await startTestServer('sqlite', { webDir, env: { DATAHAVEN_OFFICE_JS: 'hosted' } });
  });
  afterAll(async () => {
    await self.close();
    await hosted.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('loads our pinned office.js before the pane bundle, under a CSP that allows scripts from our origin only', async () => {
    const { url } = officeJsScript('self');
    expect(url).toMatch(/^\/office-js\/\d+\.\d+\.\d+\/office\.js$/);
    for (const path of ['/outlook', '/outlook/compose?x=1']) {
      const page = await self.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body.indexOf(`<script src="${url}"></script>`)).toBeGreaterThan(0);
      expect(page.body.indexOf(`<script src="${url}"></script>`)).toBeLessThan(page.body.indexOf('/assets/outlook.abc.js'));
      const csp = String(page.headers['content-security-policy']);
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp).not.toContain('appsforoffice');
      expect(csp).toContain("frame-ancestors 'self' https://teams.microsoft.com");
      expect(csp).toContain('https://outlook.office.com');
      expect(page.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("serves the sign-in dialog's page with office.js, under the pane's CSP that may also connect to the Entra authority", async () => {
    const page = await self.inject({ url: '/outlook/sign-in.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="${officeJsScript('self').url}"></script>`);
    expect(page.body).toContain('/assets/outlook-sign-in.def.js');
    expect(page.body).not.toContain('/assets/outlook.abc.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    // The pane itself keeps its connections to our origin.
    expect((await self.inject({ url: '/outlook' })).headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it('serves office.js and the files it loads beside itself with a year-long immutable cache; unknown files are 404, not a page', async () => {
    const { url } = officeJsScript('self');
    const office = await self.inject({ url });
    expect(office.statusCode).toBe(200);
    expect(office.headers['content-type']).toMatch(/javascript/);
    expect(office.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(office.headers['cache-control']).toContain('immutable');
    expect(office.body).toContain('Office');
    const strings = await self.inject({ url: url.replace('office.js', 'en-us/outlook_strings.js') });
    expect(strings.statusCode).toBe(200);
    expect((await self.inject({ url: url.replace('office.js', 'nope.js') })).statusCode).toBe(404);
    expect((await self.inject({ url: '/office-js/0.0.0/office.js' })).statusCode).toBe(404);
  });

  it('draws the ribbon icons the manifest points at, in the sizes desktop and mobile Outlook ask for, and no others', async () => {
    for (const size of [16, 25, 32, 48, 50, 64, 75, 80, 96, 144]) {
      const icon = await self.inject({ url: `/outlook/icons/icon-${size}.png` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    expect((await self.inject({ url: '/outlook/icons/icon-20.png' })).statusCode).toBe(404);
  });

  it("DATAHAVEN_OFFICE_JS=hosted (a deployment's default): the pages load Microsoft's office.js, their CSP allows exactly that origin, and our copy is not served", async () => {
    expect(OFFICE_JS_HOSTED_URL).toBe('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
    for (const path of ['/outlook', '/outlook/compose', '/outlook/sign-in.html']) {
      const page = await hosted.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<script src="${OFFICE_JS_HOSTED_URL}"></script>`);
      expect(page.body).not.toContain('/office-js/');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com 'wasm-unsafe-eval';");
      // Exactly that origin: one foreign script source, none other.
      expect(/script-src ([^;]*)/.exec(csp)?.[1].split(' ')).toEqual([
        "'self'",
        'https://appsforoffice.microsoft.com',
        "'wasm-unsafe-eval'",
      ]);
    }
    expect((await hosted.inject({ url: officeJsScript('self').url })).statusCode).toBe(404);
    // The other pages keep scripts to our origin.
    expect((await hosted.inject({ url: '/folders' })).headers['content-security-policy']).not.toContain('appsforoffice');
  });

  it('puts the script first even in a page without one', () => {
    expect(withOfficeJs('<html><head><title>x</title></head></html>', '/o.js?a="b"')).toBe(
      '<html><head><title>x</title><script src="/o.js?a=&quot;b&quot;"></script></head></html>',
    );
  });
});
