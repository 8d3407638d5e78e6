import type { DocumentErpStatus, PrivilegeName } from '@datahaven/core/model';
import { DemoErpFaults } from '../demo/demoErp/DemoErpFaults';
import { readErpApprovalStatus, type ErpApprovalRecord } from '../erp';
import { DomainError } from '../errors/DomainError';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../test/factories';
import type { World } from '../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
  setQueueTargets,
  unlinkDocument,
} from '../test/workflowFactories';
import { ERP_STATUS_JOB } from './erpStatusOutbox';
import { erpStatusKeptNote } from './erpStatusWriteBack';

/** CRONUS purchase invoices of the demo ERP, one per story so no story sees another's status. */
const PI = {
  '1001': '8a4f2e6b-1c9d-4b3a-8e02-000000001001',
  '1002': '8a4f2e6b-1c9d-4b3a-8e02-000000001002',
  '1003': '8a4f2e6b-1c9d-4b3a-8e02-000000001003',
  '1004': '8a4f2e6b-1c9d-4b3a-8e02-000000001004',
  '1005': '8a4f2e6b-1c9d-4b3a-8e02-000000001005',
  '1006': '8a4f2e6b-1c9d-4b3a-8e02-000000001006',
} as const;
const INVOICE_TYPE = 'bc:Microsoft.NAV.PurchaseHeader';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(
    `the ERP follows the decision: the linked purchase invoice's approval status, written back through the demo ERP [${dialect}]`,
    () => {
      const faults = new DemoErpFaults();
      let demo: TestDemoErp;
      let server: TestServer;
      let world: World;
      let sitId: number;
      let companyId: string;
      const q = { coding: 0, l1: 0, l2: 0, approved: 0, rejected: 0 };
      let coder: User;
      let first: User;
      let second: User;

      beforeAll(async () => {
        demo = await startTestDemoErp({ faults });
        server = await startTestServer(dialect, { env: demo.env });
        world = await createWorld(server);
        companyId = String(demo.erp.store.listCompanies().find((company) => company.name === 'CRONUS')?.id);
        sitId = (
          await server.deps.db
            .insertInto('integrated_tables')
            .values({
              external_table_id: 38,
              source_type_id: 2,
              entity_type_name: INVOICE_TYPE,
              label: 'Purchase Invoice',
              product_type: 'bc',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        // The invoices' numbers, as the demo seed and every link remember them (erp_records).
        await server.deps.db
          .insertInto('erp_records')
          .values(
            Object.entries(PI).map(([number, recordId]) => ({
              integrated_table_id: sitId,
              data_area_id: 'CRONUS',
              record_id: recordId,
              number: `PI-${number}`,
              display_name: `PI-${number}`,
            })),
          )
          .execute();
        const type = await createQueueType(server);
        q.approved = await createQueue(server, type, { name: unique('Approved ') });
        q.rejected = await createQueue(server, type, { name: unique('Rejected ') });
        q.l2 = await createQueue(server, type, { name: unique('Approval L2 '), approveTo: q.approved, rejectTo: q.rejected });
        q.l1 = await createQueue(server, type, { name: unique('Approval L1 '), approveTo: q.l2, rejectTo: q.rejected });
        q.coding = await createQueue(server, type, { name: unique('Coding ') });
        await setQueueTargets(server, q.coding, { approveTo: null, rejectTo: null });
        await createRoute(server, q.coding, q.l1);
        await createRoute(server, q.rejected, q.coding);
        // Two approvers, one per level (nobody approves a document at two levels), and a coder who links.
        const group = async (extra: readonly PrivilegeName[]): Promise<number> => {
          const id = await createGroup(server, unique('AP '), [...WORKFLOW_PRIVILEGES, ...extra]);
          await grantTableAccess(server, id, sitId);
          for (const queue of Object.values(q)) await grantGroupQueueAccess(server, id, queue);
          return id;
        };
        coder = await createUser(server, unique('coder'), { groups: [await group(['Dynamics: Link to Existing'])] });
        const approvers = await group([]);
        first = await createUser(server, unique('first'), { groups: [approvers] });
        second = await createUser(server, unique('second'), { groups: [approvers] });
      });

      afterAll(async () => {
        await server?.close();
        await demo?.stop();
      });

      /** A document on a purchase invoice, placed in a queue as the seed places one. */
      const invoiceIn = async (queueId: number, recordId: string): Promise<number> => {
        const id = await createDocument(server, { sitId, recordId, fileName: `Invoice ${unique('')}.pdf`, uploader: world.clerk });
        await placeInQueue(server, id, queueId);
        return id;
      };
      const act = async (
        user: User,
        path: 'approval' | 'reject' | 'route',
        id: number,
        from: number,
        extra: Record<string, unknown> = {},
      ) => {
        const answer = await server.inject({
          method: 'PUT',
          url: `/api/documents/${path}`,
          headers: server.authHeaders(user.username),
          payload: { docId: [id], rowConflictIds: [await documentRowVersion(server, id)], expectedQueueId: from, ...extra },
        });
        expect({ status: answer.statusCode, body: answer.statusCode === 200 ? null : answer.body }).toEqual({ status: 200, body: null });
      };
      /** The invoice's status as the demo ERP answers it over HTTP (the extension API, through the product's own connector). */
      const erpHolds = async (recordId: string): Promise<ErpApprovalRecord | null> =>
        readErpApprovalStatus(server.deps.entitySources, 'bc', 'CRONUS', recordId);
      const erpStatus = async (id: number, user: User = first): Promise<DocumentErpStatus | null> => {
        const answer = await server.inject({ url: `/api/documents/${id}/erp-status`, headers: server.authHeaders(user.username) });
        expect(answer.statusCode).toBe(200);
        return answer.json<DocumentErpStatus | null>();
      };
      const outbox = (id: number) =>
        server.deps.db
          .selectFrom('erp_status_writes')
          .select(['id', 'status', 'state', 'erp_status', 'last_error'])
          .where('document_id', '=', id)
          .orderBy('id')
          .execute();
      const writeBack = (): Promise<number> => server.runJobs([ERP_STATUS_JOB]);

      it('finding 6: a final approval at level 2 of a document linked to a demo purchase invoice leaves the demo ERP holding Approved, over HTTP; Pending Approval while in workflow; shown as ERP update pending, then ERP updated; and the ERP then posts it', async () => {
        const id = await invoiceIn(q.l1, PI['1004']);
        expect(await erpStatus(id)).toBeNull();
        expect((await erpHolds(PI['1004']))?.status).toBe('');

        await act(first, 'approval', id, q.l1);
        expect(await outbox(id)).toEqual([expect.objectContaining({ status: 'Pending Approval', state: 'pending' })]);
        expect(await erpStatus(id)).toMatchObject({
          state: 'pending',
          text: 'ERP update pending',
          status: 'Pending Approval',
          recordNumber: 'PI-1004',
          detail: 'Pending Approval is to be written to PI-1004 in Business Central.',
          erpStatus: null,
        });
        // The decision committed first; the ERP is written after, by the job.
        expect((await erpHolds(PI['1004']))?.status).toBe('');
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1004']))?.status).toBe('Pending Approval');

        await act(second, 'approval', id, q.l2);
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1004']))?.status).toBe('Approved');
        expect(await outbox(id)).toEqual([
          expect.objectContaining({ status: 'Pending Approval', state: 'written', erp_status: 'Pending Approval' }),
          expect.objectContaining({ status: 'Approved', state: 'written', erp_status: 'Approved' }),
        ]);
        expect(await erpStatus(id, coder)).toMatchObject({
          state: 'updated',
          text: 'ERP updated',
          status: 'Approved',
          erpStatus: 'Approved',
          detail: 'Business Central holds Approved for PI-1004.',
          finishedAt: expect.any(String),
        });
        // The ERP's own rule (the AL codeunit "DH Posting Guard", played by the demo ERP) now lets it post.
        await server.deps.entitySources.source('bc').invokeAction('purchaseInvoices', PI['1004'], 'post', { company: 'CRONUS' });
        expect(demo.erp.store.list(companyId, 'purchaseInvoices')?.find((entry) => entry.record.id === PI['1004'])?.record.status).toBe(
          'Open',
        );
        // Nobody outside the document's sight learns of it: the same 404 as for the document.
        const hidden = await server.inject({
          url: `/api/documents/${id}/erp-status`,
          headers: server.authHeaders(world.outsider.username),
        });
        expect(hidden.statusCode).toBe(404);
      });

      it('finding 6: the ERP refuses to post an invoice whose decision is not Approved, in words: pending, rejected and never decided alike', async () => {
        const source = server.deps.entitySources.source('bc');
        const refusal = async (recordId: string): Promise<string> => {
          try {
            await source.invokeAction('purchaseInvoices', recordId, 'post', { company: 'CRONUS' });
          } catch (error) {
            if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
            throw error;
          }
          return 'posted';
        };
        expect(await refusal(PI['1003'])).toBe(
          'Validation: Business Central refused the request: Purchase invoice PI-1003 cannot be posted: it is not approved in Datahaven Documents (approval status: none).',
        );
        const id = await invoiceIn(q.l1, PI['1003']);
        await act(first, 'reject', id, q.l1, { rejectionNote: 'Price differs from the order.' });
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1003']))?.status).toBe('Rejected');
        expect(await erpStatus(id)).toMatchObject({
          state: 'updated',
          status: 'Rejected',
          detail: 'Business Central holds Rejected for PI-1003.',
        });
        expect(await refusal(PI['1003'])).toBe(
          'Validation: Business Central refused the request: Purchase invoice PI-1003 cannot be posted: it is not approved in Datahaven Documents (approval status: Rejected).',
        );
        // Back from Rejected into workflow: pending again, still not posted.
        await act(first, 'route', id, q.rejected, { to: q.coding });
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1003']))?.status).toBe('Pending Approval');
        expect(await refusal(PI['1003'])).toMatch(/\(approval status: Pending Approval\)\.$/);
      });

      it('finding 6: a document linked in Coding makes its invoice Pending Approval; the next level owes nothing new; a route into the last queue never approves', async () => {
        const id = await invoiceIn(q.coding, PI['1002']);
        await unlinkDocument(server, id);
        const link = await server.inject({
          method: 'PUT',
          url: `/api/documents/${id}/link`,
          headers: server.authHeaders(coder.username),
          payload: { relatedTypeName: INVOICE_TYPE, relatedDataAreaId: 'CRONUS', relatedRecordId: PI['1002'] },
        });
        expect(link.statusCode).toBe(200);
        expect(await outbox(id)).toEqual([expect.objectContaining({ status: 'Pending Approval', state: 'pending' })]);
        await act(coder, 'route', id, q.coding, { to: q.l1 });
        await act(first, 'approval', id, q.l1);
        // Still pending approval: the same status again owes the ERP nothing (one row, one job).
        expect(await outbox(id)).toHaveLength(1);
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1002']))?.status).toBe('Pending Approval');
        // A route straight into the final queue is no approval: the ERP keeps Pending Approval.
        await createRoute(server, q.l2, q.approved);
        await act(second, 'route', id, q.l2, { to: q.approved });
        expect(await outbox(id)).toHaveLength(1);
        expect(await writeBack()).toBe(0);
        expect((await erpHolds(PI['1002']))?.status).toBe('Pending Approval');
      });

      it('finding 6: the write-back runs once per decision even when its job runs twice, and a write whose answer was lost is not repeated', async () => {
        const id = await invoiceIn(q.l2, PI['1005']);
        await act(second, 'approval', id, q.l2);
        const [row] = await outbox(id);
        // A second job for the same row, as a duplicate enqueue or a runner that died after the write would leave.
        const now = new Date().toISOString();
        await server.deps.db
          .insertInto('jobs')
          .values({ kind: ERP_STATUS_JOB, subject: String(row.id), run_after: now, created_at: now })
          .execute();
        const before = (await erpHolds(PI['1005']))?.etag;
        expect(await writeBack()).toBe(2);
        const after = await erpHolds(PI['1005']);
        expect(after?.status).toBe('Approved');
        // One PATCH: the ERP's row version moved once (its ETag is the version).
        const version = (etag: string | undefined): number =>
          Number(/;(\d+)$/.exec(Buffer.from(/"(.*)"/.exec(etag ?? '')?.[1] ?? '', 'base64').toString())?.[1]);
        expect(version(after?.etag)).toBe(version(before) + 1);
        const requests = demo.erp.stats.apiRequests;
        await server.deps.db
          .insertInto('jobs')
          .values({ kind: ERP_STATUS_JOB, subject: String(row.id), run_after: now, created_at: now })
          .execute();
        expect(await writeBack()).toBe(1);
        // A row no longer pending is left alone: not even read.
        expect(demo.erp.stats.apiRequests).toBe(requests);
        expect(await outbox(id)).toEqual([expect.objectContaining({ state: 'written', erp_status: 'Approved' })]);

        // A write that landed but whose answer was lost (the row still pending): read, found so, not written again.
        const lost = await invoiceIn(q.l2, PI['1006']);
        await act(second, 'approval', lost, q.l2);
        demo.erp.store.setApprovalStatus(companyId, PI['1006'], 'Approved');
        const landed = (await erpHolds(PI['1006']))?.etag;
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1006']))?.etag).toBe(landed);
        expect(await outbox(lost)).toEqual([expect.objectContaining({ state: 'unchanged', erp_status: 'Approved' })]);
        expect(await erpStatus(lost)).toMatchObject({ state: 'updated', text: 'ERP updated' });
      });

      it('finding 6: a failed try is retried after its backoff and writes once; a status changed in the ERP meanwhile is read back, not overwritten', async () => {
        // PI-1001: the ERP answers 503 (busy) to every try of the first run.
        const id = await invoiceIn(q.l1, PI['1001']);
        await act(first, 'approval', id, q.l1);
        faults.failNext(503, { count: 4, retryAfter: '0' });
        expect(await writeBack()).toBe(1);
        expect(faults.pending).toBe(0);
        expect(await outbox(id)).toEqual([
          expect.objectContaining({
            state: 'pending',
            last_error: 'Business Central is busy and asked us to wait. Please try again in a minute.',
          }),
        ]);
        expect(await erpStatus(id)).toMatchObject({
          state: 'pending',
          text: 'ERP update pending',
          detail:
            'Pending Approval is to be written to PI-1001 in Business Central. The last try failed: Business Central is busy and asked us to wait. Please try again in a minute. It is tried again.',
        });
        // Not before its backoff; then once.
        expect(await writeBack()).toBe(0);
        server.advanceDatabaseClock(31_000);
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1001']))?.status).toBe('Pending Approval');

        // Someone in the ERP rejects PI-1001 there; the level-2 approval then comes: the ERP's status stays.
        await act(second, 'approval', id, q.l2);
        demo.erp.store.setApprovalStatus(companyId, PI['1001'], 'Rejected');
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(PI['1001']))?.status).toBe('Rejected');
        expect((await outbox(id)).at(-1)).toMatchObject({ status: 'Approved', state: 'kept', erp_status: 'Rejected' });
        expect(await erpStatus(id)).toMatchObject({
          state: 'kept',
          text: 'ERP status kept: Rejected (set in the ERP)',
          erpStatus: 'Rejected',
          detail: 'Business Central holds Rejected for PI-1001, set there: Approved was not written over it (the ERP decides).',
        });
        const notes = await server.deps.db
          .selectFrom('notes')
          .select('text')
          .where('document_id', '=', id)
          .where('kind', '=', 'system')
          .execute();
        expect(notes.map((note) => note.text)).toContain(erpStatusKeptNote('Business Central', 'PI-1001', 'Rejected', 'Approved'));
      });

      it("finding 6: an unreachable ERP leaves 'ERP update pending' and is tried again; after the last try it says 'ERP update failed' with the reason; once back, the next decision is written", async () => {
        // An invoice of its own, made in the ERP as New Card From Document makes one: the seeded ones carry earlier stories' statuses.
        const created = await server.deps.entitySources
          .source('bc')
          .create('purchaseInvoices', { vendorNumber: 'V10000' }, { company: 'CRONUS' });
        const recordId = String(created.id);
        const id = await invoiceIn(q.l1, recordId);
        await demo.stop();
        await act(first, 'approval', id, q.l1);
        expect(await writeBack()).toBe(1);
        const unreachable = 'Business Central cannot be reached right now. Please try again later.';
        expect(await erpStatus(id)).toMatchObject({ state: 'pending', text: 'ERP update pending' });
        // The default policy: five runs, 30 s, 1, 2 and 4 minutes apart.
        for (const wait of [30_000, 60_000, 120_000, 240_000]) {
          server.advanceDatabaseClock(wait + 1000);
          expect(await writeBack()).toBe(1);
        }
        expect(await outbox(id)).toEqual([expect.objectContaining({ state: 'failed', last_error: unreachable })]);
        expect(await erpStatus(id)).toMatchObject({
          state: 'failed',
          text: `ERP update failed: ${unreachable}`,
          status: 'Pending Approval',
        });
        server.advanceDatabaseClock(24 * 60 * 60_000);
        expect(await writeBack()).toBe(0);

        await demo.restart();
        // The restarted demo ERP starts over from its seed: the invoice made above is gone, so another one.
        const again = await server.deps.entitySources
          .source('bc')
          .create('purchaseInvoices', { vendorNumber: 'V20000' }, { company: 'CRONUS' });
        const next = await invoiceIn(q.l2, String(again.id));
        await act(second, 'approval', next, q.l2);
        expect(await writeBack()).toBe(1);
        expect((await erpHolds(String(again.id)))?.status).toBe('Approved');
      });
    },
  );
}
