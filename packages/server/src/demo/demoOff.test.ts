import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/Config';
import { createServer } from '../createServer';
import { listenForTest } from '../test/listenForTest';

describe('the demo switched off', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-nodemo-'));
    app = await createServer(loadConfig({ DATAHAVEN_DATA_DIR: dataDir, DATAHAVEN_WEB_DIR: join(dataDir, 'no-web') }), { jobRunner: false });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has no demo token route at all, not even for loopback clients', async () => {
    for (const path of ['/demo/erp/token?username=admin', '/demo/erp', '/demo/erp/records', '/demo/teams']) {
      const answer = await fetch(baseUrl + path);
      expect(answer.status).toBe(404);
    }
  });
});
