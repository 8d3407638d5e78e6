import { FEATURES2 } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { NOT_LINKED } from '../documentUnlinker';
import { DemoErpFaults } from '../../demo/demoErp/DemoErpFaults';
import { otherCompanyRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createUser, createWorld, makePdf } from '../../test/factories';
import type { World } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import {
  createQueue,
  createQueueType,
  documentRowVersion,
  grantUserQueueAccess,
  placeInQueue,
  unlinkDocument,
} from '../../test/workflowFactories';

const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const PI_1005 = '8a4f2e6b-1c9d-4b3a-8e02-000000001005';
/** PI-1001 of the second company, CRONUS-CA. */
const CA_PI_1001 = '9b5a3f7c-2d1e-4c4b-9f03-000000001001';
const INVOICE_TYPE = 'bc:Microsoft.NAV.purchaseInvoice';
const FOREVER = '2999-01-01T00:00:00.000Z';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`POST/PUT/DELETE /api/documents/{id}/link and PUT …/push-link through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let faults: DemoErpFaults;
    let server: TestServer;
    let world: World;
    let sitId: number;
    let queue: number;
    let restricted: number;
    let linker: User;
    let unrestricted: User;
    let noPrivilege: User;
    let noFlag: User;

    beforeAll(async () => {
      faults = new DemoErpFaults();
      demo = await startTestDemoErp({ faults });
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      // The integrated table of BC's purchase invoices as the demo seeds it: table 38, 'Purchase Header', source type 2.
      sitId = (
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
      queue = await createQueue(server, type, { name: 'AP Inbox' });
      restricted = await createQueue(server, type, { name: 'AP Inbox CRONUS', features2: FEATURES2.RestrictToDataAreaId });
      const dynamics = { 'Dynamics: Link to Existing': true, 'Dynamics: Break Link': true } as const;
      linker = await createUser(server, 'linker', { privileges: dynamics });
      unrestricted = await createUser(server, 'linker-anywhere', { privileges: dynamics });
      noPrivilege = await createUser(server, 'no-dynamics');
      noFlag = await createUser(server, 'no-link-flag', { privileges: dynamics });
      await server.deps.db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', linker.id).execute();
      for (const user of [linker, unrestricted, noPrivilege]) {
        await grantUserQueueAccess(server, user.id, queue);
        await grantUserQueueAccess(server, user.id, restricted);
      }
      await grantUserQueueAccess(server, noFlag.id, queue, ['AccessDocumentWithin', 'ViewDocumentsWithin']);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    /** A new unlinked document in a queue (visible through the queue only). */
    const unlinkedIn = async (queueId: number): Promise<number> => {
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'scan.pdf',
        content: await makePdf(1),
        uploader: world.clerk,
      });
      await unlinkDocument(server, id);
      await placeInQueue(server, id, queueId);
      return id;
    };
    const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, user: User, payload?: Record<string, unknown>) =>
      server.inject({ method, url, headers: server.authHeaders(user.username), ...(payload === undefined ? {} : { payload }) });
    const linkQuery = (recordId: string, extra = ''): string =>
      `relatedTypeName=${INVOICE_TYPE}&relatedDataAreaId=CRONUS&relatedRecordId=${recordId}${extra}`;
    const access = async (id: number, user: User): Promise<{ link: boolean; unlink: boolean }> =>
      send('GET', `/api/documents/${id}/access`, user).then((r) => r.json());
    const notesOf = async (id: number): Promise<string[]> =>
      (
        await server.deps.db
          .selectFrom('notes')
          .select('text')
          .where('document_id', '=', id)
          .where('kind', '=', 'system')
          .orderBy('id')
          .execute()
      ).map((n) => n.text);
    const historyOf = async (id: number): Promise<string[]> =>
      (await server.deps.db.selectFrom('workflow_history').select('action').where('document_id', '=', id).orderBy('id').execute()).map(
        (h) => h.action,
      );
    const lock = async (id: number, userId: number): Promise<void> => {
      await server.deps.db
        .insertInto('document_locks')
        .values({ document_id: id, user_id: userId, queue_id: null, acquired_at: '2020-01-01T00:00:00.000Z', expires_at: FOREVER })
        .execute();
    };

    it('POST links a document to a record the ERP holds: the link, history, a system note, row version + 1; the access flags follow', async () => {
      const id = await unlinkedIn(queue);
      expect(await access(id, linker)).toMatchObject({ link: true, unlink: false });
      const before = await documentRowVersion(server, id);
      const response = await send(
        'POST',
        `/api/documents/${id}/link?${linkQuery(PI_1003, `&rowConflictId=${before}&expectedQueueId=${queue}`)}`,
        linker,
      );
      expect(response.statusCode).toBe(200);
      const link = {
        dataAreaId: 'CRONUS',
        sourceTableId: 38,
        sourceType: 2,
        sourceNumber: 'PI-1003',
        sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
        recordId: PI_1003,
        sitId,
      };
      // The queue sets no OnLink event: nothing was approved or is asked.
      expect(response.json()).toEqual({
        link,
        rowVersion: before + 1,
        queueId: queue,
        autoApproved: false,
        autoApproveRefusal: null,
        promptToApprove: false,
        launchRecord: false,
      });
      expect((await send('GET', `/api/documents/${id}/link`, linker)).json()).toEqual(link);
      expect(await notesOf(id)).toContain('Linked to Purchase Invoice PI-1003 (CRONUS) by linker.');
      expect(await historyOf(id)).toEqual(['link']);
      // The linker may break the link, so may link on (replacing it); one who may not break it may not.
      expect(await access(id, linker)).toMatchObject({ link: true, unlink: true });
      const linkOnly = await createUser(server, 'link-only', { privileges: { 'Dynamics: Link to Existing': true } });
      await grantUserQueueAccess(server, linkOnly.id, queue);
      expect(await access(id, linkOnly)).toMatchObject({ link: false, unlink: false });

      const again = await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1005)}`, linkOnly);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: MESSAGES.linkAlreadyLinked });
    });

    it('PUT takes the record in the body over the query; an id in braces and capitals, the table by sit id, a record of the second company', async () => {
      const id = await unlinkedIn(queue);
      const response = await send('PUT', `/api/documents/${id}/link?relatedRecordId=not-this-one`, unrestricted, {
        relatedSitId: sitId,
        relatedDataAreaId: 'CRONUS-CA',
        relatedRecordId: `{${CA_PI_1001.toUpperCase()}}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ link: { dataAreaId: 'CRONUS-CA', sourceNumber: 'PI-1001', recordId: CA_PI_1001, sitId } });
      const wrongType = await send('PUT', `/api/documents/${id}/link`, unrestricted, { relatedSitId: 'x' });
      expect(wrongType.statusCode).toBe(400);
    });

    it("refuses a record id the ERP does not hold, a malformed one and none, in the spec's words; the document stays unlinked", async () => {
      const id = await unlinkedIn(queue);
      for (const recordId of ['8a4f2e6b-1c9d-4b3a-8e02-000000009999', 'PI-1003', '', CA_PI_1001]) {
        const response = await send('POST', `/api/documents/${id}/link?${linkQuery(recordId)}`, linker);
        expect({ recordId, status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({
          recordId,
          status: 400,
          message: MESSAGES.linkInvalidRecordId,
        });
      }
      const noTable = await send(
        'POST',
        `/api/documents/${id}/link?relatedTypeName=bc:Microsoft.NAV.vendor&relatedRecordId=${PI_1003}`,
        linker,
      );
      expect(noTable.statusCode).toBe(400);
      expect(noTable.json()).toMatchObject({
        message: "Documents cannot be linked to 'bc:Microsoft.NAV.vendor': no integrated table is set up for it.",
      });
      expect((await send('GET', `/api/documents/${id}/link`, linker)).body).toBe('null');
      expect(await historyOf(id)).toEqual([]);
    });

    it("answers 404 in the spec's words for a document the caller cannot see or that does not exist", async () => {
      // The Dynamics privileges, but no access to the queue the document is in.
      const stranger = await createUser(server, 'linker-elsewhere', { privileges: { 'Dynamics: Link to Existing': true } });
      const id = await unlinkedIn(queue);
      for (const url of [`/api/documents/${id}/link?${linkQuery(PI_1003)}`, `/api/documents/999999/link?${linkQuery(PI_1003)}`]) {
        const response = await send('POST', url, stranger);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: MESSAGES.linkDocumentNotFound });
      }
    });

    it("needs Dynamics: Link to Existing to link and Dynamics: Break Link to unlink (403), and the queue's LinkDocument / UnlinkDocument flags", async () => {
      const id = await unlinkedIn(queue);
      expect(await access(id, noPrivilege)).toMatchObject({ link: false, unlink: false });
      const refused = await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, noPrivilege);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: "Linking documents needs the 'Dynamics: Link to Existing' privilege." });
      expect(await access(id, noFlag)).toMatchObject({ link: false, unlink: false });
      const noQueueFlag = await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, noFlag);
      expect(noQueueFlag.statusCode).toBe(403);
      expect(noQueueFlag.json()).toMatchObject({ message: 'Your access to the queue AP Inbox does not allow linking documents.' });

      expect((await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker)).statusCode).toBe(200);
      expect(await access(id, noPrivilege)).toMatchObject({ link: false, unlink: false });
      const unlinkRefused = await send('DELETE', `/api/documents/${id}/link`, noPrivilege);
      expect(unlinkRefused.statusCode).toBe(403);
      expect(unlinkRefused.json()).toMatchObject({ message: "Breaking a link needs the 'Dynamics: Break Link' privilege." });
      const unlinkNoFlag = await send('DELETE', `/api/documents/${id}/link`, noFlag);
      expect(unlinkNoFlag.statusCode).toBe(403);
      expect(unlinkNoFlag.json()).toMatchObject({ message: 'Your access to the queue AP Inbox does not allow breaking links.' });
      expect(await historyOf(id)).toEqual(['link']);
    });

    it("refuses link and unlink while another user holds the document's lock; the holder may", async () => {
      const id = await unlinkedIn(queue);
      await lock(id, unrestricted.id);
      expect(await access(id, linker)).toMatchObject({ link: false });
      const refused = await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
      expect(await access(id, unrestricted)).toMatchObject({ link: true });
      expect((await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, unrestricted)).statusCode).toBe(200);
      expect(await access(id, linker)).toMatchObject({ unlink: false });
      const unlinkRefused = await send('DELETE', `/api/documents/${id}/link`, linker);
      expect(unlinkRefused.statusCode).toBe(409);
      expect(unlinkRefused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    });

    it('DELETE breaks the link after checking the window (409 out of sync), writes history and a note; a second DELETE finds nothing to break', async () => {
      const id = await unlinkedIn(queue);
      const linked = (await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker)).json<{ rowVersion: number }>();
      for (const window of [
        `rowConflictId=${linked.rowVersion - 1}&expectedQueueId=${queue}`,
        `rowConflictId=${linked.rowVersion}&expectedQueueId=${restricted}`,
      ]) {
        const stale = await send('DELETE', `/api/documents/${id}/link?${window}`, linker);
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
      }
      const response = await send(
        'DELETE',
        `/api/documents/${id}/link?rowConflictId=${linked.rowVersion}&expectedQueueId=${queue}`,
        linker,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ link: null, rowVersion: linked.rowVersion + 1 });
      expect((await send('GET', `/api/documents/${id}/link`, linker)).body).toBe('null');
      expect(await notesOf(id)).toContain('Link to Purchase Invoice PI-1003 (CRONUS) broken by linker.');
      expect(await historyOf(id)).toEqual(['link', 'unlink']);
      expect(await access(id, linker)).toMatchObject({ link: true, unlink: false });
      const again = await send('DELETE', `/api/documents/${id}/link`, linker);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: NOT_LINKED });
      const staleLink = await send(
        'POST',
        `/api/documents/${id}/link?${linkQuery(PI_1003, `&rowConflictId=${linked.rowVersion}`)}`,
        linker,
      );
      expect(staleLink.statusCode).toBe(409);
      expect(staleLink.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
    });

    it('RestrictToDataAreaId: in such a queue a user of CRONUS links only CRONUS records and unlinks only from them; a user without a company is not restricted', async () => {
      const id = await unlinkedIn(restricted);
      const refused = await send('PUT', `/api/documents/${id}/link`, linker, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS-CA',
        relatedRecordId: CA_PI_1001,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: otherCompanyRefusal('link', 'CRONUS', 'CRONUS-CA') });
      expect(refused.json<{ message: string }>().message).toBe(
        'In this queue you can link documents to records of CRONUS only; this record belongs to CRONUS-CA.',
      );
      // The same record outside the restricting queue is linked.
      const elsewhere = await unlinkedIn(queue);
      expect(
        (
          await send('PUT', `/api/documents/${elsewhere}/link`, linker, {
            relatedTypeName: INVOICE_TYPE,
            relatedDataAreaId: 'CRONUS-CA',
            relatedRecordId: CA_PI_1001,
          })
        ).statusCode,
      ).toBe(200);
      // The source's own company (CRONUS) when none is named.
      const own = await send('POST', `/api/documents/${id}/link?relatedTypeName=${INVOICE_TYPE}&relatedRecordId=${PI_1005}`, linker);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ link: { dataAreaId: 'CRONUS', sourceNumber: 'PI-1005' } });

      const other = await unlinkedIn(restricted);
      expect(
        (
          await send('PUT', `/api/documents/${other}/link`, unrestricted, {
            relatedTypeName: INVOICE_TYPE,
            relatedDataAreaId: 'CRONUS-CA',
            relatedRecordId: CA_PI_1001,
          })
        ).statusCode,
      ).toBe(200);
      const unlinkRefused = await send('DELETE', `/api/documents/${other}/link`, linker);
      expect(unlinkRefused.statusCode).toBe(403);
      expect(unlinkRefused.json()).toMatchObject({ message: otherCompanyRefusal('unlink', 'CRONUS', 'CRONUS-CA') });
    });

    it('PUT push-link links the document staged from its queue and releases the lock the push took; a document that left the queue is out of sync', async () => {
      const id = await unlinkedIn(queue);
      await lock(id, linker.id);
      const moved = await send('PUT', `/api/documents/${id}/push-link`, linker, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: PI_1003,
        queueId: restricted,
        locked: true,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
      const response = await send('PUT', `/api/documents/${id}/push-link`, linker, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: PI_1003,
        queueId: queue,
        locked: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ link: { sourceNumber: 'PI-1003', dataAreaId: 'CRONUS' } });
      expect(await server.deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', id).execute()).toEqual([]);
      expect(await historyOf(id)).toEqual(['link']);
      // locked false leaves the caller's lock alone.
      const kept = await unlinkedIn(queue);
      await lock(kept, linker.id);
      expect(
        (
          await send('PUT', `/api/documents/${kept}/push-link`, linker, {
            relatedSitId: sitId,
            relatedRecordId: PI_1005,
            queueId: queue,
            locked: false,
          })
        ).statusCode,
      ).toBe(200);
      expect(await server.deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', kept).execute()).toEqual([
        { user_id: linker.id },
      ]);
    });

    it("PUT (body) and PUT push-link refuse a user without 'Dynamics: Link to Existing' (403); the document stays unlinked", async () => {
      const id = await unlinkedIn(queue);
      const put = await send('PUT', `/api/documents/${id}/link`, noPrivilege, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: PI_1003,
      });
      const push = await send('PUT', `/api/documents/${id}/push-link`, noPrivilege, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: PI_1003,
        queueId: queue,
        locked: false,
      });
      for (const refused of [put, push]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ message: "Linking documents needs the 'Dynamics: Link to Existing' privilege." });
      }
      expect((await send('GET', `/api/documents/${id}/link`, linker)).body).toBe('null');
      expect(await historyOf(id)).toEqual([]);
    });

    it('RestrictToDataAreaId on push-link: a user of CRONUS pushes no CRONUS-CA record onto a document of a restricting queue, and keeps the lock', async () => {
      const id = await unlinkedIn(restricted);
      await lock(id, linker.id);
      const refused = await send('PUT', `/api/documents/${id}/push-link`, linker, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS-CA',
        relatedRecordId: CA_PI_1001,
        queueId: restricted,
        locked: true,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: otherCompanyRefusal('link', 'CRONUS', 'CRONUS-CA') });
      expect((await send('GET', `/api/documents/${id}/link`, linker)).body).toBe('null');
      expect(await server.deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', id).execute()).toEqual([
        { user_id: linker.id },
      ]);
      // The same push of a record of the user's own company links.
      const own = await send('PUT', `/api/documents/${id}/push-link`, linker, {
        relatedTypeName: INVOICE_TYPE,
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: PI_1003,
        queueId: restricted,
        locked: true,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ link: { dataAreaId: 'CRONUS', sourceNumber: 'PI-1003' } });
    });

    it('two links of one document at once: exactly one wins, the other is told it is already linked; one history row', async () => {
      const id = await unlinkedIn(queue);
      // Both reach the ERP (past the checks before the transaction) before either writes: without
      // this the second could start after the first committed and, the linker being allowed to
      // break links, re-link on purpose — not the race this test is about.
      faults.holdTogether([PI_1003, PI_1005]);
      const answers = await Promise.all(
        [PI_1003, PI_1005].map((recordId) => send('POST', `/api/documents/${id}/link?${linkQuery(recordId)}`, linker)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ message: MESSAGES.linkAlreadyLinked });
      expect(await historyOf(id)).toEqual(['link']);
      expect(await server.deps.db.selectFrom('record_links').select('id').where('document_id', '=', id).execute()).toHaveLength(1);
      expect(faults.pending).toBe(0);
    });

    it('retries a 429 from the ERP and links', async () => {
      const id = await unlinkedIn(queue);
      faults.failNext(429, { retryAfter: '0' });
      expect((await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker)).statusCode).toBe(200);
      expect(faults.pending).toBe(0);
    });

    it("answers 503 in the connector's words when the ERP is stopped, never a 500, links when it is back; unlinking needs no ERP", async () => {
      const id = await unlinkedIn(queue);
      const linked = await unlinkedIn(queue);
      expect((await send('POST', `/api/documents/${linked}/link?${linkQuery(PI_1003)}`, linker)).statusCode).toBe(200);
      await demo.stop();
      const down = await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        statusCode: 503,
        exceptionType: 'InternalError',
        message: 'Business Central cannot be reached right now. Please try again later.',
      });
      expect((await send('DELETE', `/api/documents/${linked}/link`, linker)).statusCode).toBe(200);
      await demo.restart();
      expect((await send('POST', `/api/documents/${id}/link?${linkQuery(PI_1003)}`, linker)).statusCode).toBe(200);
    });
  });
}
