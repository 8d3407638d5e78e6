import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createDatabase } from './createDatabase';
import type { DatabaseHandle } from './createDatabase';
import type { Pool } from 'pg';
import { MAX_PREPARED_PER_CONNECTION, preparingPool } from './preparingPool';
import type { Database } from './schema';
import { describeNeeding } from '../test/describeNeeding';
import { POSTGRES } from '../test/testRequirements';

const url = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';

/** The statements this session holds prepared (`pg_prepared_statements` is per connection). */
async function preparedHere(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from pg_prepared_statements where name like 'dh\\_%' order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/**
 * What a connection was asked to run, by a pool standing in for pg's (its client records each
 * call): which statements go as named prepared ones is decided before anything reaches
 * PostgreSQL, so this part holds without a database (the Node 24 leg of CI runs SQLite only).
 */
function recordingPool(): { pool: Pool; calls: unknown[] } {
  const calls: unknown[] = [];
  const client = {
    query: async (query: unknown, values?: unknown[]) => (calls.push(values === undefined ? query : { text: query, values }), { rows: [] }),
    release: () => undefined,
  };
  return { pool: { connect: async () => client, end: async () => undefined } as unknown as Pool, calls };
}

describe('preparingPool (which statements are prepared)', () => {
  it('sends statements as they are until enabled, and never prepares one without parameters, DDL or transaction control', async () => {
    let enabled = false;
    const { pool, calls } = recordingPool();
    const connection = await preparingPool(pool, () => enabled).connect();
    await connection.query('select * from items where id = $1', [1]);
    enabled = true;
    await connection.query('select count(*) from items', []);
    await connection.query('alter table items add column x integer default $1', [1]);
    await connection.query('begin', []);
    expect(calls).toEqual([
      { text: 'select * from items where id = $1', values: [1] },
      { text: 'select count(*) from items', values: [] },
      { text: 'alter table items add column x integer default $1', values: [1] },
      { text: 'begin', values: [] },
    ]);
  });

  it('once enabled, names a parameterised statement by its text and reuses the name for the same text on the connection', async () => {
    const { pool, calls } = recordingPool();
    const connection = await preparingPool(pool, () => true).connect();
    await connection.query('select * from items where id = $1', [1]);
    await connection.query('select * from items where id = $1', [2]);
    await connection.query('update items set label = $1 where id = $2', ['a', 3]);
    const named = calls as { name: string; text: string; values: unknown[] }[];
    expect(named.map((call) => call.values)).toEqual([[1], [2], ['a', 3]]);
    expect(named[0].name).toBe('dh_1');
    expect(named[1].name).toBe(named[0].name);
    expect(named[2].name).toBe('dh_2');
  });
});

// Prepared statements are PostgreSQL's (SQLite ignores startPreparingStatements).
describeNeeding(POSTGRES)('preparingPool [postgres]', () => {
  const schema = `t_prep_${randomBytes(4).toString('hex')}`;
  let admin: DatabaseHandle;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    admin = createDatabase({ kind: 'postgres', url });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await sql`create table ${sql.id(schema, 'items')} (id integer primary key, label text not null)`.execute(admin.db);
    await sql`insert into ${sql.id(schema, 'items')} select n, 'item ' || n from generate_series(1, 300) n`.execute(admin.db);
  });

  beforeEach(() => {
    handle = createDatabase({ kind: 'postgres', url, schema });
  });

  afterEach(async () => {
    await handle.close();
  });

  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  });

  it('prepares nothing until told to', async () => {
    await handle.db.connection().execute(async (db) => {
      await sql`select label from items where id = ${1}`.execute(db);
      expect(await preparedHere(db)).toEqual([]);
    });
  });

  it('prepares a parameterised statement once per connection and answers each run with its own values', async () => {
    handle.startPreparingStatements();
    await handle.db.connection().execute(async (db) => {
      const labels: string[] = [];
      for (const id of [1, 2, 3])
        labels.push((await sql<{ label: string }>`select label from items where id = ${id}`.execute(db)).rows[0].label);
      expect(labels).toEqual(['item 1', 'item 2', 'item 3']);
      // One name for the three runs; statements without parameters (begin, DDL) are never named.
      expect(await preparedHere(db)).toHaveLength(1);
    });
  });

  it('keeps at most MAX_PREPARED_PER_CONNECTION statements on a connection, deallocating the least recently used', async () => {
    handle.startPreparingStatements();
    await handle.db.connection().execute(async (db) => {
      // Each text differs (the alias), so each is a statement of its own.
      for (let n = 1; n <= MAX_PREPARED_PER_CONNECTION + 20; n += 1) {
        const row = (await sql<{ label: string }>`select label as ${sql.id(`l${n}`)}, label from items where id = ${n}`.execute(db))
          .rows[0];
        expect(row.label).toBe(`item ${n}`);
      }
      expect(await preparedHere(db)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
      // The first statements were dropped: run again, each is prepared anew under a new name and answers.
      expect(
        (await sql<{ label: string }>`select label as ${sql.id('l1')}, label from items where id = ${1}`.execute(db)).rows[0].label,
      ).toBe('item 1');
      expect(await preparedHere(db)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    });
  });

  it('prepares a statement afresh after its table changed columns under it (PostgreSQL refuses the stale one once)', async () => {
    handle.startPreparingStatements();
    await handle.db.connection().execute(async (db) => {
      const read = () => sql<Record<string, unknown>>`select * from items where id = ${5}`.execute(db);
      expect(Object.keys((await read()).rows[0])).toEqual(['id', 'label']);
      await sql`alter table items add column note text`.execute(db);
      try {
        await expect(read()).rejects.toThrow(/cached plan must not change result type/);
        expect(Object.keys((await read()).rows[0])).toEqual(['id', 'label', 'note']);
      } finally {
        await sql`alter table items drop column note`.execute(db);
      }
    });
  });
});
