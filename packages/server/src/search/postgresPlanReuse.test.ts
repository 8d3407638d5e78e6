import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findVisibleDocuments } from '../access/documentQueries';
import { viewerFor } from '../access/documentVisibility';
import { postgresSearchIndex } from './postgresSearchIndex';
import { sqliteSearchIndex } from './sqliteSearchIndex';
import { createWorld } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase, itOn } from '../test/testServer';

/** How PostgreSQL has planned this connection's prepared statements whose text holds `marker`. */
async function plansOf(db: Kysely<Database>, marker: string): Promise<{ generic: number; custom: number }[]> {
  const rows = await sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements
    where strpos(statement, ${marker}) > 0`.execute(db);
  return rows.rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

// PostgreSQL plans a prepared statement afresh for each of its first five runs, then keeps a
// generic plan only if it does not look costlier than those. The busiest reads are written so that
// it does (db/postgresIdArray, search's tsquery): planning had cost more than running them. These
// run each statement more than five times on one connection and check the answers on both
// databases; PostgreSQL's own tests then ask it how it planned.
describeOnEachDatabase('statements planned once', (server, dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  /** Reads documents by id on `db`, eight times over lists of every length, checking each answer. */
  async function readByIds(db: Kysely<Database>): Promise<void> {
    const { pdfDocId, contractDocId } = world;
    const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
    const lists = [
      [pdfDocId],
      [pdfDocId, contractDocId],
      [contractDocId, pdfDocId, 2_000_000_000],
      [pdfDocId],
      [contractDocId],
      [pdfDocId, contractDocId],
      [pdfDocId],
      [pdfDocId, 2_147_483_648],
    ];
    for (const ids of lists) {
      const rows = await findVisibleDocuments(db, viewer, ids);
      // The clerk's table shows both; an id that names nothing is left out.
      expect(rows.map((row) => row.id)).toEqual([pdfDocId, contractDocId].filter((id) => ids.includes(id)).sort((a, b) => a - b));
    }
  }

  /** Searches on `db` eight times, for words that find the invoice and words that do not, checking each answer. */
  async function searchWords(db: Kysely<Database>): Promise<void> {
    const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
    const index = dialect === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;
    const words = ['invoice', 'contract', 'invoice 1001', 'nothing', 'contract', 'inv', 'invoice', 'zzz'];
    for (const q of words) {
      const hits = await index.search(db, viewer, { q, skip: 0, take: 25, includeNotes: false });
      expect({ q, found: hits.ids.includes(world.pdfDocId) }).toEqual({ q, found: /^inv/.test(q) });
    }
  }

  it('answers documents by id for any number of ids, leaving out what names nothing', async () => {
    await server().deps.db.connection().execute(readByIds);
  });

  it('finds by the words, whatever they are', async () => {
    await server().deps.db.connection().execute(searchWords);
  });

  // How PostgreSQL planned them is PostgreSQL's own (SQLite prepares no statement across calls).
  itOn('postgres', dialect)('keeps one statement for documents by id, and its generic plan, on a connection (PostgreSQL)', async () => {
    await server()
      .deps.db.connection()
      .execute(async (db) => {
        await readByIds(db);
        const plans = await plansOf(db, 'queue_has_browsable_routes');
        expect(plans).toHaveLength(1);
        expect(plans[0].generic).toBeGreaterThan(0);
        expect(plans[0].custom).toBeLessThanOrEqual(5);
      });
  });

  itOn('postgres', dialect)(
    "keeps the search page's statement and its generic plan, whatever the words, on a connection (PostgreSQL)",
    async () => {
      await server()
        .deps.db.connection()
        .execute(async (db) => {
          await searchWords(db);
          const plans = await plansOf(db, 'count(*) over ()');
          expect(plans).toHaveLength(1);
          expect(plans[0].generic).toBeGreaterThan(0);
          expect(plans[0].custom).toBeLessThanOrEqual(5);
        });
    },
  );
});
