import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/Config';
import { createServer } from '../../createServer';
import { createUser, unique } from '../../test/factories';
import { listenForTest } from '../../test/listenForTest';
import { rawRequest } from '../../test/rawRequest';
import { describeEachDialect, startTestServer } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import { MISDIRECTED_HOST_MESSAGE } from './hostAllowList';
import { HSTS_VALUE } from './securityHeaders';

const portOf = (baseUrl: string): string => new URL(baseUrl).port;

describeEachDialect('the Host allow-list and links from the public URL (second attack finding 3)', (dialect) => {
  let plain: TestServer;
  let published: TestServer;
  beforeAll(async () => {
    plain = await startTestServer(dialect);
    published = await startTestServer(dialect, {
      env: { DATAHAVEN_PUBLIC_URL: 'https://docs.example.com', DATAHAVEN_ALLOWED_HOSTS: 'backend.internal:8080' },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await published?.close();
  });

  it('refuses a Host that is not the public URL, a listed name or loopback with 421 in words, before any route', async () => {
    const port = portOf(plain.baseUrl);
    for (const host of [
      `rebound.example:${port}`,
      'rebound.example',
      `192.0.2.7:${port}`,
      `localhost:${Number(port) + 1}`,
      `127.0.0.1.evil.example:${port}`,
    ]) {
      for (const path of ['/api/version', '/odata/v1/$metadata', '/', '/api/token/user?type=apikey']) {
        const answer = await rawRequest(plain.baseUrl, path, { host });
        expect({ host, path, status: answer.statusCode }).toEqual({ host, path, status: 421 });
        expect(JSON.parse(answer.body)).toEqual({ statusCode: 421, exceptionType: 'ValidationError', message: MISDIRECTED_HOST_MESSAGE });
      }
    }
  });

  it('answers loopback names on its port, the public URL host on either default port and the listed names', async () => {
    const port = portOf(plain.baseUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`])
      expect((await rawRequest(plain.baseUrl, '/api/version', { host })).statusCode).toBe(200);
    for (const host of ['docs.example.com', 'docs.example.com:443', 'backend.internal:8080'])
      expect((await rawRequest(published.baseUrl, '/api/version', { host })).statusCode).toBe(200);
    expect((await rawRequest(published.baseUrl, '/api/version', { host: 'backend.internal' })).statusCode).toBe(421);
  });

  it('builds @odata.context from the configured public URL, never from the Host header', async () => {
    for (const server of [plain, published]) {
      const manager = await createUser(server, unique('hostmgr'), { privileges: { 'Security: Manager': true } });
      const host = server === plain ? `localhost:${portOf(plain.baseUrl)}` : 'backend.internal:8080';
      const answer = await rawRequest(server.baseUrl, '/odata/v1/WorkflowQueues', { host, ...server.authHeaders(manager.username) });
      expect(answer.statusCode).toBe(200);
      const root = server === plain ? plain.baseUrl : 'https://docs.example.com';
      expect((JSON.parse(answer.body) as { '@odata.context': string })['@odata.context']).toBe(`${root}/odata/v1/$metadata#WorkflowQueues`);
    }
  });
});

describeEachDialect('Strict-Transport-Security when the public URL is https (second attack finding 8)', (dialect) => {
  it('sends HSTS on every answer of an https public URL, and none for a plain http one', async () => {
    const https = await startTestServer(dialect, { env: { DATAHAVEN_PUBLIC_URL: 'https://docs.example.com' } });
    const http = await startTestServer(dialect, { env: { DATAHAVEN_PUBLIC_URL: 'http://docs.example.com' } });
    try {
      for (const path of ['/api/version', '/', '/api/options']) {
        expect((await rawRequest(https.baseUrl, path, { host: 'docs.example.com' })).headers['strict-transport-security']).toBe(HSTS_VALUE);
        expect((await rawRequest(http.baseUrl, path, { host: 'docs.example.com' })).headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await https.close();
      await http.close();
    }
  });
});

describe('the demo behind a proxy or a rebound host name (second attack finding 3)', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-demohost-'));
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      DATAHAVEN_PORT: '0',
    });
    app = await createServer(config, { jobRunner: false });
    baseUrl = await listenForTest(app);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mints no demo token for a page whose host name was rebound to loopback (421)', async () => {
    const answer = await rawRequest(baseUrl, '/demo/erp/token?username=admin', { host: `attacker.example:${portOf(baseUrl)}` });
    expect(answer.statusCode).toBe(421);
    expect(answer.body).not.toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('counts every header a proxy names its client by as proxied (403 in words), and serves this machine directly', async () => {
    for (const [name, value] of [
      ['x-real-ip', '203.0.113.9'],
      ['x-client-ip', '203.0.113.9'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-forwarded-for', '203.0.113.9'],
      ['x-forwarded-host', 'docs.example.com'],
      ['cf-connecting-ip', '203.0.113.9'],
      ['true-client-ip', '203.0.113.9'],
      ['x-cluster-client-ip', '203.0.113.9'],
    ]) {
      const answer = await rawRequest(baseUrl, '/demo/erp/token?username=admin', { [name]: value });
      expect({ name, status: answer.statusCode }).toEqual({ name, status: 403 });
      expect(answer.body).toContain('The demo answers only on this machine');
    }
    const local = await rawRequest(baseUrl, '/demo/erp/token?username=admin');
    expect(local.statusCode).toBe(200);
  });
});
