import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findVisibleDocuments } from '../policies/documentQueries';
import { viewerFor } from '../policies/documentVisibility';
import { postgresSearchIndex } from './postgresSearchIndex';
import { createWorld } from '../test/factories';
import type { World } from '../test/factories';
import { startTestServer, testDialects } from '../test/testServer';
import type { TestServer } from '../test/testServer';

/** How PostgreSQL has planned this connection's prepared statements whose text holds `marker`. */
async function plansOf(db: Kysely<Database>, marker: string): Promise<{ generic: number; custom: number }[]> {
  const rows = await sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements
    where strpos(statement, ${marker}) > 0`.execute(db);
  return rows.rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

// PostgreSQL plans a prepared statement afresh for each of its first five runs, then keeps a
// generic plan only if it does not look costlier than those. The busiest reads are written so that
// it does (db/postgresIdArray, search's tsquery): planning had cost more than running them. These
// run each statement more than five times on one connection and ask PostgreSQL how it planned.
if (testDialects().includes('postgres')) {
  describe('statements PostgreSQL plans once [postgres]', () => {
    let server: TestServer;
    let world: World;
    beforeAll(async () => {
      server = await startTestServer('postgres');
      world = await createWorld(server);
    });
    afterAll(async () => {
      await server.close();
    });

    it('keeps one statement and its generic plan for documents by id, whatever their number', async () => {
      const { pdfDocId, contractDocId } = world;
      await server.deps.db.connection().execute(async (db) => {
        const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
        const lists = [[pdfDocId], [pdfDocId, contractDocId], [contractDocId, pdfDocId, 2_000_000_000], [pdfDocId], [contractDocId], [pdfDocId, contractDocId], [pdfDocId], [pdfDocId, 2_000_000_000]];
        for (const ids of lists) {
          const rows = await findVisibleDocuments(db, viewer, ids);
          // The clerk's table shows both; an id that names nothing is left out.
          expect(rows.map((row) => row.id)).toEqual([pdfDocId, contractDocId].filter((id) => ids.includes(id)).sort((a, b) => a - b));
        }
        const plans = await plansOf(db, 'queue_has_browsable_routes');
        expect(plans).toHaveLength(1);
        expect(plans[0].generic).toBeGreaterThan(0);
        expect(plans[0].custom).toBeLessThanOrEqual(5);
      });
    });

    it("keeps the search page's generic plan, whatever the words", async () => {
      await server.deps.db.connection().execute(async (db) => {
        const viewer = await viewerFor(db, world.clerk.id, world.clerk.username);
        const words = ['invoice', 'contract', 'invoice 1001', 'nothing', 'contract', 'inv', 'invoice', 'zzz'];
        for (const q of words) {
          const hits = await postgresSearchIndex.search(db, viewer, { q, skip: 0, take: 25, includeNotes: false });
          expect(hits.ids.includes(world.pdfDocId)).toBe(/^inv/.test(q));
        }
        const plans = await plansOf(db, 'count(*) over ()');
        expect(plans).toHaveLength(1);
        expect(plans[0].generic).toBeGreaterThan(0);
        expect(plans[0].custom).toBeLessThanOrEqual(5);
      });
    });
  });
}
