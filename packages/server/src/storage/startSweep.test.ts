import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config/Config';
import type { Config } from '../config/Config';
import { createServer } from '../createServer';
import { createDatabase } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { databaseTargetOf } from '../openServices';
import { describeEachDialect } from '../test/testServer';
import { createDiskFileStore } from './diskFileStore';

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

describeEachDialect('orphans swept at every start (second attack finding 5)', (dialect) => {
  let parent: string;
  let config: Config;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'datahaven-sweep-'));
    config = loadConfig({
      DATAHAVEN_DATA_DIR: join(parent, 'data'),
      DATAHAVEN_WEB_DIR: join(parent, 'no-web'),
      DATAHAVEN_PORT: '0',
      ...(dialect === 'postgres'
        ? { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '', DATAHAVEN_DATABASE_SCHEMA: schema }
        : {}),
    });
  });
  afterAll(async () => {
    if (dialect === 'postgres') {
      const admin = createDatabase({ kind: 'postgres', url: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '' });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
    await rm(parent, { recursive: true, force: true });
  });

  it('removes, at the next start, the old files no row names and the old temp files a killed process left; keeps named and recent ones', async () => {
    // A first start makes the schema; then, as after kill -9, files without rows are left behind.
    await (await createServer(config, { jobRunner: false })).close();
    const store = createDiskFileStore(join(config.dataDir, 'files'));
    const named = await store.putBuffer(Buffer.from('a file a row names'));
    const orphan = await store.putBuffer(Buffer.from('a file whose row never committed'));
    const recent = await store.putBuffer(Buffer.from("another process's upload, staged a moment ago"));
    const tmpDir = join(config.dataDir, 'files', 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const deadPart = join(tmpDir, 'killed-mid-upload.part');
    const livePart = join(tmpDir, 'still-streaming.part');
    await writeFile(deadPart, 'half an upload');
    await writeFile(livePart, 'an upload in flight');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const path of [store.pathOf(named.key), store.pathOf(orphan.key), deadPart]) await utimes(path, twoHoursAgo, twoHoursAgo);
    const database = createDatabase(databaseTargetOf(config, config.databaseSchema ?? undefined));
    try {
      await database.db
        .withTables<Pick<Database, 'files'>>()
        .insertInto('files')
        .values({
          sha256: named.key,
          size: named.size,
          media_type: 'application/pdf',
          page_count: 1,
          created_at: twoHoursAgo.toISOString(),
        })
        .execute();
    } finally {
      await database.close();
    }

    const lines: string[] = [];
    let swept: () => void = () => undefined;
    const sweptOnce = new Promise<void>((resolveSwept) => (swept = resolveSwept));
    const app = await createServer(config, {
      jobRunner: false,
      logger: true,
      logDestination: {
        write: (line: string) => {
          lines.push(line);
          if (line.includes('orphan files removed')) swept();
        },
      },
    });
    try {
      await sweptOnce;
      expect(JSON.parse(lines.find((line) => line.includes('orphan files removed')) ?? '{}')).toMatchObject({ removed: 2, atStart: true });
      expect(await exists(store.pathOf(orphan.key))).toBe(false);
      expect(await exists(deadPart)).toBe(false);
      expect(await exists(store.pathOf(named.key))).toBe(true);
      expect(await exists(store.pathOf(recent.key))).toBe(true);
      expect(await exists(livePart)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
