import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { historyChainSchema } from '../../db/historyChainMigration';
import { historyRowHash } from '../../db/historyRowHash';
import { lockDocumentRows } from '../../access';
import { appendWorkflowHistory } from '../../workflow';
import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { holdDocumentRow } from '../../test/holdDocumentRow';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestResponse, type TestServer } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
} from '../../test/workflowFactories';

/** PI-1003 of the demo ERP's company CRONUS. */
const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const INVOICE_TYPE = 'bc:Microsoft.NAV.purchaseInvoice';

interface User {
  id: number;
  username: string;
}

/**
 * What the unique index (document_id, prev_hash) answers a second row naming the same previous
 * row, on either database. Matched by message: better-sqlite3's error may come from another jest
 * module realm, which toThrow() does not take for an Error.
 */
const REFUSED_FORK = {
  message: expect.stringMatching(
    /UNIQUE constraint failed: workflow_history\.document_id, workflow_history\.prev_hash|duplicate key value violates unique constraint "workflow_history_chain"/,
  ),
};

interface Verdict {
  intact: boolean;
  rows: number;
  brokenAtRow?: number;
  message: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(
    `history hash chain: every writer chains, GET /api/documents/{id}/history/verify finds a changed row [${dialect}]`,
    () => {
      let demo: TestDemoErp;
      let server: TestServer;
      let world: World;
      let clerk: User;
      let approverL1: User;
      let approverL2: User;
      const q = { inbox: 0, l1: 0, l2: 0, approved: 0, rejected: 0 };

      beforeAll(async () => {
        demo = await startTestDemoErp();
        server = await startTestServer(dialect, { env: demo.env });
        world = await createWorld(server);
        // BC's purchase invoices as the demo seeds them: table 38, 'Purchase Header'.
        const invoices = (
          await server.deps.db
            .insertInto('integrated_tables')
            .values({
              external_table_id: 38,
              source_type_id: 2,
              entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
              label: 'Purchase Invoice',
              product_type: 'bc',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        const type = await createQueueType(server);
        q.approved = await createQueue(server, type, { name: unique('Approved ') });
        q.rejected = await createQueue(server, type, { name: unique('Rejected ') });
        q.l2 = await createQueue(server, type, { name: unique('Approval L2 '), approveTo: q.approved, rejectTo: q.rejected });
        q.l1 = await createQueue(server, type, { name: unique('Approval L1 '), approveTo: q.l2, rejectTo: q.rejected });
        q.inbox = await createQueue(server, type, { name: unique('AP Inbox ') });
        await createRoute(server, q.inbox, q.l1);
        const staff = await createGroup(server, unique('AP staff '), [
          'Cabinet: Import Documents',
          'Cabinet: Export Documents',
          'Notes: View Only',
          'Notes: Add Only',
          'Dynamics: Link to Existing',
          'Dynamics: Break Link',
          ...WORKFLOW_PRIVILEGES,
        ]);
        await grantTableAccess(server, staff, invoices);
        for (const queue of Object.values(q)) await grantGroupQueueAccess(server, staff, queue);
        // Three people: the one who captures and codes is not the one who approves, nor one approver at two levels.
        clerk = await createUser(server, unique('hclerk'), { groups: [staff] });
        approverL1 = await createUser(server, unique('happroverone'), { groups: [staff] });
        approverL2 = await createUser(server, unique('happrovertwo'), { groups: [staff] });
      });

      afterAll(async () => {
        await server?.close();
        await demo?.stop();
      });

      const as = (user: User) => server.authHeaders(user.username);
      const verify = async (id: number, user: User = clerk): Promise<TestResponse> =>
        server.inject({ url: `/api/documents/${id}/history/verify`, headers: as(user) });
      const verdictOf = async (id: number): Promise<Verdict> => {
        const response = await verify(id);
        expect(response.statusCode).toBe(200);
        return response.json<Verdict>();
      };
      const historyOf = (id: number) =>
        server.deps.db.selectFrom('workflow_history').selectAll().where('document_id', '=', id).orderBy('id').execute();

      async function importIntoInbox(): Promise<number> {
        const data = new FormData();
        // A title of its own: the same bytes twice would make it a possible duplicate, which approval refuses without a reason.
        data.append(
          'file',
          new Blob([new Uint8Array(await makePdf(1, unique('Chained invoice ')))], { type: 'application/pdf' }),
          'Chained.pdf',
        );
        const response = await server.inject({
          method: 'POST',
          url: `/api/queues/${q.inbox}/documents`,
          headers: as(clerk),
          payload: data,
        });
        expect(response.statusCode).toBe(201);
        return response.json<DmsDocument[]>()[0].id;
      }

      async function act(path: string, user: User, id: number, from: number, extra: Record<string, unknown>): Promise<TestResponse> {
        const rowVersion = await documentRowVersion(server, id);
        return server.inject({
          method: 'PUT',
          url: `/api/documents/${path}`,
          headers: as(user),
          payload: { docId: [id], rowConflictIds: [rowVersion], expectedQueueId: from, ...extra },
        });
      }
      const submit = (id: number, note: string) => act('submit', clerk, id, q.inbox, { note });
      const route = (id: number) => act('route', approverL1, id, q.inbox, { to: q.l1, note: 'To approval' });
      const approve = (id: number, note: string) => act('approval', approverL1, id, q.l1, { approvalNote: note });
      const reject = (id: number, note: string) => act('reject', approverL2, id, q.l2, { rejectionNote: note });
      const link = (id: number) =>
        server.inject({
          method: 'POST',
          url: `/api/documents/${id}/link?relatedTypeName=${INVOICE_TYPE}&relatedDataAreaId=CRONUS&relatedRecordId=${PI_1003}`,
          headers: as(clerk),
        });
      const unlink = (id: number) => server.inject({ method: 'DELETE', url: `/api/documents/${id}/link`, headers: as(clerk) });

      /** A document imported into the inbox, submitted, routed to L1 and approved there: four history rows. */
      async function documentWithFourRows(): Promise<number> {
        const id = await importIntoInbox();
        expect((await submit(id, 'Coded to 6110')).statusCode).toBe(200);
        expect((await route(id)).statusCode).toBe(200);
        expect((await approve(id, 'Matches PO 4711')).statusCode).toBe(200);
        expect((await verdictOf(id)).message).toBe('History intact (4 rows).');
        return id;
      }

      it('import, submit, link, unlink, route, approve and reject each append a row chained to the one before; verify says intact', async () => {
        const id = await importIntoInbox();
        expect(await verdictOf(id)).toEqual({ intact: true, rows: 1, message: 'History intact (1 row).' });
        expect((await submit(id, 'Coded to 6110')).statusCode).toBe(200);
        expect((await link(id)).statusCode).toBe(200);
        expect((await unlink(id)).statusCode).toBe(200);
        expect((await link(id)).statusCode).toBe(200);
        expect((await route(id)).statusCode).toBe(200);
        expect((await approve(id, 'Matches PO 4711')).statusCode).toBe(200);
        expect((await reject(id, 'Price differs from the PO')).statusCode).toBe(200);

        const rows = await historyOf(id);
        expect(rows.map((row) => row.action)).toEqual(['import', 'submit', 'link', 'unlink', 'link', 'route', 'approve', 'reject']);
        let previous = '';
        for (const row of rows) {
          expect(row.prev_hash).toBe(previous);
          expect(row.row_hash).toMatch(/^[0-9a-f]{64}$/);
          expect(row.row_hash).toBe(historyRowHash(previous, row));
          previous = row.row_hash ?? '';
        }
        expect(await verdictOf(id)).toEqual({ intact: true, rows: 8, message: 'History intact (8 rows).' });
      });

      it("a row's note, user or queue changed in the database breaks the chain at that row; a removed row breaks it at the row after", async () => {
        const cases: { change: (rows: { id: number }[]) => Promise<unknown>; row: number }[] = [
          {
            row: 2,
            change: (rows) =>
              server.deps.db.updateTable('workflow_history').set({ note: 'Coded to 6999' }).where('id', '=', rows[1].id).execute(),
          },
          {
            row: 4,
            change: (rows) =>
              server.deps.db.updateTable('workflow_history').set({ user_id: clerk.id }).where('id', '=', rows[3].id).execute(),
          },
          {
            row: 1,
            change: (rows) =>
              server.deps.db.updateTable('workflow_history').set({ to_queue_id: q.approved }).where('id', '=', rows[0].id).execute(),
          },
          {
            row: 3,
            change: (rows) =>
              server.deps.db.updateTable('workflow_history').set({ amount: 9999.99 }).where('id', '=', rows[2].id).execute(),
          },
          { row: 2, change: (rows) => server.deps.db.deleteFrom('workflow_history').where('id', '=', rows[1].id).execute() },
        ];
        for (const { change, row } of cases) {
          const id = await documentWithFourRows();
          await change(await historyOf(id));
          const response = await verify(id);
          expect(response.statusCode).toBe(200);
          expect(response.json<Verdict>()).toMatchObject({ intact: false, brokenAtRow: row, message: `History broken at row ${row}.` });
        }
      });

      it('a row changed and given a freshly computed hash still breaks the chain, at the row after it', async () => {
        const id = await documentWithFourRows();
        const rows = await historyOf(id);
        const forged = { ...rows[1], note: 'Coded to 6999' };
        await server.deps.db
          .updateTable('workflow_history')
          .set({ note: forged.note, row_hash: historyRowHash(forged.prev_hash ?? '', forged) })
          .where('id', '=', rows[1].id)
          .execute();
        expect(await verdictOf(id)).toEqual({ intact: false, rows: 4, brokenAtRow: 3, message: 'History broken at row 3.' });
      });

      it('a document the caller cannot see answers 404 in the same words as a missing one', async () => {
        const id = await importIntoInbox();
        for (const url of [`/api/documents/${id}/history/verify`, '/api/documents/999999/history/verify']) {
          const response = await server.inject({ url, headers: as(world.outsider) });
          expect(response.statusCode).toBe(404);
          expect(response.json<{ message: string }>().message).toBe(MESSAGES.documentNotFound);
        }
      });

      it('a second row naming the same previous row (a fork) is refused by the database', async () => {
        const id = await documentWithFourRows();
        const [first] = await historyOf(id);
        await expect(
          server.deps.db
            .insertInto('workflow_history')
            .values({ ...first, id: undefined, note: 'A fork', prev_hash: first.prev_hash, row_hash: 'f'.repeat(64) })
            .execute(),
        ).rejects.toMatchObject(REFUSED_FORK);
        expect(await verdictOf(id)).toEqual({ intact: true, rows: 4, message: 'History intact (4 rows).' });
      });

      it('an action that waited for the document row appends after the row committed meanwhile: the chain does not fork', async () => {
        const id = await importIntoInbox();
        const extraRow = {
          document_id: id,
          action: 'submit' as const,
          from_queue_id: q.inbox,
          to_queue_id: q.inbox,
          user_id: clerk.id,
          note: 'Held',
          at: new Date().toISOString(),
        };
        if (server.deps.dialect === 'postgres') {
          let submitting: Promise<TestResponse> | undefined;
          await holdDocumentRow(server.deps.db, id, async ({ trx, waitForBlocked }) => {
            // The submit queues behind the held row; the holder appends a row before it commits.
            submitting = submit(id, 'Coded to 6110');
            await waitForBlocked(1);
            await appendWorkflowHistory(trx, [extraRow]);
          });
          expect((await submitting!).statusCode).toBe(200);
        } else {
          // SQLite's write transactions run one at a time: the two appends are simply in turn.
          const [submitted] = await Promise.all([
            submit(id, 'Coded to 6110'),
            server.deps.db.transaction().execute(async (trx) => {
              await lockDocumentRows(trx, 'sqlite', [id]);
              await appendWorkflowHistory(trx, [extraRow]);
            }),
          ]);
          expect(submitted.statusCode).toBe(200);
        }
        expect((await historyOf(id)).map((row) => row.action)).toEqual(['import', 'submit', 'submit']);
        expect(await verdictOf(id)).toEqual({ intact: true, rows: 3, message: 'History intact (3 rows).' });
      });

      it('migration 0022 hashes rows written before the chain exactly as the writer does, then holds the index', async () => {
        const id = await documentWithFourRows();
        const before = await historyOf(id);
        const migration = historyChainSchema();
        // As before 0022: no index, no hashes (every document's rows, as an upgrade finds them).
        await migration.down?.(server.deps.db);
        await server.deps.db.updateTable('workflow_history').set({ prev_hash: null, row_hash: null }).execute();
        expect(await verdictOf(id)).toMatchObject({ intact: false, brokenAtRow: 1 });
        await migration.up(server.deps.db);
        expect(await historyOf(id)).toEqual(before);
        expect(await verdictOf(id)).toEqual({ intact: true, rows: 4, message: 'History intact (4 rows).' });
        const [first] = before;
        await expect(
          server.deps.db
            .insertInto('workflow_history')
            .values({ ...first, id: undefined, row_hash: 'e'.repeat(64) })
            .execute(),
        ).rejects.toMatchObject(REFUSED_FORK);
      });
    },
  );
}
