import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import { APP_PAGE_CSP, TEAMS_PAGE_CSP } from './webHosting';

describe('pages, static files and security headers', () => {
  let webDir: string;
  let server: TestServer;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'datahaven-web-'));
    await mkdir(join(webDir, 'assets'));
    await mkdir(join(webDir, 'pdfjs', 'cmaps'), { recursive: true });
    await writeFile(join(webDir, 'erp.html'), '<!doctype html><title>erp</title>');
    await writeFile(join(webDir, 'teams.html'), '<!doctype html><title>teams</title>');
    await writeFile(join(webDir, 'outlook.html'), '<!doctype html><title>outlook</title>');
    await writeFile(join(webDir, 'assets', 'main.abc123.js'), 'console.log(1)');
    await writeFile(join(webDir, 'pdfjs', 'cmaps', 'x.bcmap'), 'map');
    server = await startTestServer('sqlite', { webDir, env: { DATAHAVEN_FRAME_ANCESTORS: 'https://bc.contoso.local:8080' } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves the SPA fallback: erp.html for app routes, teams.html and outlook.html for theirs', async () => {
    for (const [path, title] of [
      ['/', 'erp'],
      ['/folders', 'erp'],
      ['/viewer/MT-ExYz', 'erp'],
      ['/notes/1?x=1', 'erp'],
      ['/teams/tab', 'teams'],
      ['/integration/teams/configure', 'teams'],
      ['/outlook/pane', 'outlook'],
    ]) {
      const response = await server.inject({ url: path });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('SECURITY row 17: pages carry frame-ancestors for the hosts plus configured origins; /api gets none', async () => {
    const page = await server.inject({ url: '/folders' });
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'self' https://teams.microsoft.com");
    expect(csp).toContain('https://businesscentral.dynamics.com');
    expect(csp).toContain('https://bc.contoso.local:8080');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(csp.startsWith(`${APP_PAGE_CSP}; frame-ancestors`)).toBe(true);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await server.inject({ url: '/api/version' });
    expect(api.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('Teams pages may reach the CDN TeamsJS reads its host origins from, send no Cross-Origin-Opener-Policy (MSAL popups), and are frameable by Teams', async () => {
    for (const path of ['/teams/queues/7', '/integration/teams/configure']) {
      const response = await server.inject({ url: path });
      const csp = response.headers['content-security-policy'];
      expect(csp.startsWith(`${TEAMS_PAGE_CSP}; frame-ancestors`)).toBe(true);
      expect(csp).toContain("connect-src 'self' https://res.cdn.office.net;");
      expect(csp).toContain('https://*.teams.microsoft.com');
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
    // The other pages connect only to our own origin.
    expect((await server.inject({ url: '/folders' })).headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it("SECURITY row 1: every app page allows script only from our origin: script-src 'self' (+ wasm), no inline or eval", async () => {
    for (const path of ['/', '/folders', '/teams/tab', '/outlook/pane']) {
      const csp = (await server.inject({ url: path })).headers['content-security-policy'];
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("worker-src 'self' blob:");
    }
  });

  it('serves /assets and /pdfjs with a long cache; /api and /odata paths answer JSON, never the page', async () => {
    const asset = await server.inject({ url: '/assets/main.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    const cmap = await server.inject({ url: '/pdfjs/cmaps/x.bcmap' });
    expect(cmap.statusCode).toBe(200);
    expect((await server.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await server.inject({ url: '/api/nope', headers: server.authHeaders('nobody') });
    expect(api.statusCode).toBe(401);
    // The data service answers for itself (a token first), never with the app's HTML page.
    const odata = await server.inject({ url: '/odata/v1/Documents' });
    expect(odata.statusCode).toBe(401);
    expect(odata.headers['content-type']).toMatch(/json/);
  });

  it('answers pages with 503 "Run npm run build:web" when dist/web is missing', async () => {
    const bare = await startTestServer('sqlite');
    try {
      const response = await bare.inject({ url: '/folders' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('Run npm run build:web');
      expect((await bare.inject({ url: '/api/version' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
