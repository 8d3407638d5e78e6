import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { listenForTest } from '../../test/listenForTest';
import { officeJsScript } from '../../http/plugins/outlookPaneHosting';
import { OFFICE_STANDIN_URL, registerDemoOutlookRoutes } from './registerDemoOutlookRoutes';

describe('the Outlook simulator routes', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let webDir: string;
  const get = async (path: string): Promise<{ statusCode: number; headers: Headers; body: string }> => {
    const answer = await fetch(baseUrl + path);
    return { statusCode: answer.status, headers: answer.headers, body: await answer.text() };
  };

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'datahaven-outlook-demo-'));
    await writeFile(
      join(webDir, 'outlook.html'),
      '<!doctype html><html><head><title>outlook</title><script type="module" src="/assets/outlook.abc.js"></script></head><body></body></html>',
    );
    app = Fastify();
    await registerDemoOutlookRoutes(app, webDir);
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves the compose page with the demo users and a CSP that allows only its own origin', async () => {
    const page = await get('/demo/outlook');
    expect(page.statusCode).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; connect-src 'self'",
    );
    expect(page.body).toContain('<option value="clerk">');
    expect(page.body).toContain('<iframe id="pane" title="Datahaven Documents"');
    expect(page.body).not.toContain('{{');
  });

  it("serves the product's pane page with the stand-in in office.js's place, first, under the pane's own CSP", async () => {
    const pane = await get('/demo/outlook/pane');
    expect(pane.statusCode).toBe(200);
    expect(pane.body).toContain(`<script src="${OFFICE_STANDIN_URL}"></script><script type="module" src="/assets/outlook.abc.js">`);
    expect(pane.body).not.toContain(officeJsScript('self').url);
    expect(pane.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const standIn = await get(OFFICE_STANDIN_URL);
    expect(standIn.statusCode).toBe(200);
    expect(standIn.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(standIn.body).toBe(await readFile(join(__dirname, 'office-standin.js'), 'utf8'));
  });

  it('serves its script and style sheet and nothing else from its folder', async () => {
    expect((await get('/demo/outlook/outlook.js')).statusCode).toBe(200);
    expect((await get('/demo/outlook/outlook.css')).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await get('/demo/outlook/registerDemoOutlookRoutes.ts')).statusCode).toBe(404);
    expect((await get('/demo/outlook/outlook.html')).statusCode).toBe(404);
  });
});
