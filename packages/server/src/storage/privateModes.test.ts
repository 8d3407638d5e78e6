import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/Config';
import { createServer } from '../createServer';
import { createWorld, makePdf, unique } from '../test/factories';
import { describeEachDialect, startTestServer } from '../test/testServer';

/** Every entry under `dir` with its permission bits, folders marked with a trailing slash. */
async function modesUnder(dir: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  const walk = async (path: string, name: string): Promise<void> => {
    const info = await stat(path);
    modes.set(info.isDirectory() ? `${name}/` : name, info.mode & 0o777);
    if (info.isDirectory()) for (const entry of await readdir(path)) await walk(join(path, entry), `${name}/${entry}`);
  };
  await walk(dir, '.');
  return modes;
}

function expectPrivate(modes: Map<string, number>): void {
  for (const [name, mode] of modes) expect({ name, mode: mode.toString(8) }).toEqual({ name, mode: name.endsWith('/') ? '700' : '600' });
}

describeEachDialect("the data folder is the server user's only (second attack finding 6)", (dialect) => {
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
  });

  it('creates folders 0700 and files 0600 under umask 022: database, secret, stored and temp files', async () => {
    const server = await startTestServer(dialect);
    try {
      const world = await createWorld(server);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await makePdf(1, unique('Private ')))], { type: 'application/pdf' }), 'Private.pdf');
      const upload = await server.inject({
        method: 'POST',
        url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
        headers: server.authHeaders(world.clerk.username),
        payload: form,
      });
      expect(upload.statusCode).toBe(201);
      await server.runJobs();
      const modes = await modesUnder(server.config.dataDir);
      if (dialect === 'sqlite') expect(modes.get('./datahaven.sqlite')).toBeDefined();
      if (server.config.blobStore === null)
        expect([...modes.keys()].some((name) => /^\.\/files\/..\/..\/[0-9a-f]{64}$/.test(name))).toBe(true);
      expectPrivate(modes);
    } finally {
      await server.close();
    }
  });
});

describe('an existing data folder of an earlier version (second attack finding 6)', () => {
  it('is set to 0700 at start, and its database file to 0600', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'datahaven-modes-'));
    const umask = process.umask(0o022);
    try {
      const dataDir = join(parent, 'data');
      await mkdir(dataDir, { mode: 0o755 });
      await chmod(dataDir, 0o755);
      const config = loadConfig({ DATAHAVEN_DATA_DIR: dataDir, DATAHAVEN_WEB_DIR: join(parent, 'no-web'), DATAHAVEN_PORT: '0' });
      const app = await createServer(config, { jobRunner: false });
      await app.close();
      expectPrivate(await modesUnder(dataDir));
    } finally {
      process.umask(umask);
      await rm(parent, { recursive: true, force: true });
    }
  });
});
