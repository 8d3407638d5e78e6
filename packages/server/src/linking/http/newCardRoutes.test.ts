import { NEW_CARD_OPERATION_REFUSED } from '@datahaven/core/contract';
import { FEATURES2 } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { NEW_CARD_REFUSED, NO_PENDING_NEW_CARD } from '../newCardOperations';
import { otherCompanyRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createUser, createWorld, makePdf } from '../../test/factories';
import type { World } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue, unlinkDocument } from '../../test/workflowFactories';

/** PI-1001 of the second company, CRONUS-CA. */
const CA_PI_1001 = '9b5a3f7c-2d1e-4c4b-9f03-000000001001';
const FOREVER = '2999-01-01T00:00:00.000Z';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`PUT /api/documents/{id}/new-card and POST /api/new-card through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let world: World;
    let sitId: number;
    let subtypeId: number;
    let queue: number;
    let restricted: number;
    let clerk: User;
    let unrestricted: User;
    let noPrivilege: User;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      const db = server.deps.db;
      // BC's purchase invoices as the demo seeds them (table 38, 'Purchase Header'), here allowing a new card.
      sitId = (
        await db
          .insertInto('integrated_tables')
          .values({
            external_table_id: 38,
            source_type_id: 2,
            entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
            label: 'Purchase Invoice',
            product_type: 'bc',
            allow_new_card: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      subtypeId = (
        await db
          .insertInto('subtypes')
          .values({ integrated_table_id: sitId, sort_order: 1, text: 'Vendor Invoice', category_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const type = await createQueueType(server);
      queue = await createQueue(server, type, { name: 'AP Inbox' });
      restricted = await createQueue(server, type, { name: 'AP Inbox CRONUS', features2: FEATURES2.RestrictToDataAreaId });
      // New Card From Document alone: the link its flow ends in needs no Link to Existing.
      const privileges = { 'Dynamics: New Card From Document': true } as const;
      clerk = await createUser(server, 'new-card-clerk', { privileges });
      unrestricted = await createUser(server, 'new-card-anywhere', { privileges });
      noPrivilege = await createUser(server, 'new-card-none', { privileges: { 'Dynamics: Link to Existing': true } });
      await db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', clerk.id).execute();
      for (const user of [clerk, unrestricted, noPrivilege]) {
        await grantUserQueueAccess(server, user.id, queue);
        await grantUserQueueAccess(server, user.id, restricted);
      }
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const unlinkedIn = async (queueId: number): Promise<number> => {
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'invoice.pdf',
        content: await makePdf(1),
        uploader: world.clerk,
      });
      await unlinkDocument(server, id);
      await placeInQueue(server, id, queueId);
      return id;
    };
    const send = (method: 'POST' | 'PUT' | 'GET', url: string, user: User, payload?: Record<string, unknown>) =>
      server.inject({ method, url, headers: server.authHeaders(user.username), ...(payload === undefined ? {} : { payload }) });
    const initiate = (id: number, user: User, extra: Record<string, unknown> = {}) =>
      send('PUT', `/api/documents/${id}/new-card`, user, { operationType: 'initiate', typeId: sitId, ...extra });
    const create = (id: number, user: User, values: Record<string, string> = { vendorNumber: 'V30000', vendorInvoiceNumber: 'NW-77' }) =>
      send('POST', '/api/new-card', user, { docId: id, values });
    const complete = (id: number, user: User, extra: Record<string, unknown> = {}) =>
      send('PUT', `/api/documents/${id}/new-card`, user, { operationType: 'complete', typeId: sitId, ...extra });
    const invoicesOf = (companyName: string) => {
      const company = demo.erp.store.listCompanies().find((candidate) => candidate.name === companyName);
      return (demo.erp.store.list(String(company?.id), 'purchaseInvoices') ?? []).map((entry) => entry.record);
    };

    it('initiate → POST /new-card → complete makes a purchase invoice in the ERP and links the document to it; the lock goes, the subtype is set', async () => {
      const id = await unlinkedIn(queue);
      await server.deps.db
        .insertInto('document_locks')
        .values({ document_id: id, user_id: clerk.id, queue_id: queue, acquired_at: '2020-01-01T00:00:00.000Z', expires_at: FOREVER })
        .execute();
      const started = await initiate(id, clerk, { subTypeId: subtypeId });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({
        docId: id,
        typeId: sitId,
        subTypeId: subtypeId,
        dataAreaId: 'CRONUS',
        tableId: 38,
        label: 'Purchase Invoice',
        status: 'initiated',
      });

      const made = await create(id, clerk);
      expect(made.statusCode).toBe(201);
      const record = made.json<{ recordId: string; number: string; url: string | null }>();
      expect(record).toMatchObject({
        docId: id,
        typeId: sitId,
        tableId: 38,
        dataAreaId: 'CRONUS',
        number: expect.stringMatching(/^PI-\d+$/),
      });
      expect(record.url).toContain('page=51');
      const inErp = invoicesOf('CRONUS').find((invoice) => invoice.id === record.recordId);
      expect(inErp).toMatchObject({ number: record.number, vendorNumber: 'V30000', vendorInvoiceNumber: 'NW-77', status: 'Draft' });
      // A second create for the same operation would make a second record: refused.
      expect((await create(id, clerk)).statusCode).toBe(409);

      const done = await complete(id, clerk, { tableId: 38 });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ link: { dataAreaId: 'CRONUS', sourceNumber: record.number, recordId: record.recordId, sitId } });
      const document = await server.deps.db
        .selectFrom('documents')
        .select(['subtype_id', 'row_version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(document).toEqual({ subtype_id: subtypeId, row_version: done.json<{ rowVersion: number }>().rowVersion });
      expect(await server.deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', id).execute()).toEqual([]);
      expect(await server.deps.db.selectFrom('new_card_operations').select('status').where('document_id', '=', id).execute()).toEqual([]);
      const notes = (
        await server.deps.db
          .selectFrom('notes')
          .select('text')
          .where('document_id', '=', id)
          .where('kind', '=', 'system')
          .orderBy('id')
          .execute()
      ).map((n) => n.text);
      expect(notes.slice(-2)).toEqual([
        `New Purchase Invoice ${record.number} (CRONUS) made from this document by new-card-clerk.`,
        `Linked to Purchase Invoice ${record.number} (CRONUS) by new-card-clerk.`,
      ]);
      // The operation is over: completing again finds none, initiating again finds the document linked.
      expect((await complete(id, clerk)).json()).toMatchObject({ message: NO_PENDING_NEW_CARD });
      const again = await initiate(id, clerk);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: MESSAGES.linkAlreadyLinked });
    });

    it('needs Dynamics: New Card From Document (403) at every step', async () => {
      const id = await unlinkedIn(queue);
      for (const response of [await initiate(id, noPrivilege), await create(id, noPrivilege), await complete(id, noPrivilege)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: NEW_CARD_REFUSED });
      }
    });

    it("refuses what is not a new card: no operation (409), a table without new cards, a foreign subtype, an unknown company, a wrong table, a vendor the ERP lacks (400), another user's lock (409)", async () => {
      const id = await unlinkedIn(queue);
      expect((await create(id, clerk)).json()).toMatchObject({ message: NO_PENDING_NEW_CARD });
      const noNewCard = await initiate(id, clerk, { typeId: world.table.sitId });
      expect(noNewCard.statusCode).toBe(400);
      expect(noNewCard.json<{ message: string }>().message).toMatch(/^New records cannot be made from documents in '/);
      expect((await initiate(id, clerk, { subTypeId: 999999 })).statusCode).toBe(400);
      const company = await initiate(id, unrestricted, { dataAreaId: 'NO-SUCH' });
      expect(company.statusCode).toBe(400);
      expect(company.json()).toMatchObject({ message: "Business Central has no company 'NO-SUCH'." });
      for (const operationType of ['delete', undefined]) {
        const wrong = await send('PUT', `/api/documents/${id}/new-card`, clerk, { operationType, typeId: sitId });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ message: NEW_CARD_OPERATION_REFUSED });
      }

      expect((await initiate(id, clerk)).statusCode).toBe(200);
      const vendor = await create(id, clerk, { vendorNumber: 'V99999' });
      expect(vendor.statusCode).toBe(400);
      expect(vendor.json<{ message: string }>().message).toMatch(
        /^Business Central refused the request: A purchase invoice needs an existing vendor/,
      );
      expect((await complete(id, clerk, { tableId: 23 })).statusCode).toBe(400);

      const locked = await unlinkedIn(queue);
      await server.deps.db
        .insertInto('document_locks')
        .values({
          document_id: locked,
          user_id: unrestricted.id,
          queue_id: queue,
          acquired_at: '2020-01-01T00:00:00.000Z',
          expires_at: FOREVER,
        })
        .execute();
      const refused = await initiate(locked, clerk);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    });

    it('RestrictToDataAreaId: a user of CRONUS makes no record of CRONUS-CA and links none; a user without a company may', async () => {
      const id = await unlinkedIn(restricted);
      const refused = await initiate(id, clerk, { dataAreaId: 'CRONUS-CA' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: otherCompanyRefusal('link', 'CRONUS', 'CRONUS-CA') });
      // Started in CRONUS, completed with a record of the other company: the linker refuses it.
      expect((await initiate(id, clerk)).statusCode).toBe(200);
      const crossed = await complete(id, clerk, { dataAreaId: 'CRONUS-CA', recordId: CA_PI_1001 });
      expect(crossed.statusCode).toBe(403);
      expect(crossed.json()).toMatchObject({ message: otherCompanyRefusal('link', 'CRONUS', 'CRONUS-CA') });

      const other = await unlinkedIn(restricted);
      expect((await initiate(other, unrestricted, { dataAreaId: 'CRONUS-CA' })).statusCode).toBe(200);
      const made = await create(other, unrestricted, { vendorNumber: 'V10000' });
      expect(made.statusCode).toBe(201);
      expect(invoicesOf('CRONUS-CA').map((invoice) => invoice.id)).toContain(made.json<{ recordId: string }>().recordId);
      expect((await complete(other, unrestricted)).json()).toMatchObject({ link: { dataAreaId: 'CRONUS-CA' } });
    });

    it("answers 503 in the connector's words when the ERP is stopped, never a 500; the operation survives and completes once it is back", async () => {
      const id = await unlinkedIn(queue);
      expect((await initiate(id, clerk)).statusCode).toBe(200);
      await demo.stop();
      try {
        const down = await create(id, clerk);
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          statusCode: 503,
          exceptionType: 'InternalError',
          message: 'Business Central cannot be reached right now. Please try again later.',
        });
      } finally {
        await demo.restart();
      }
      expect((await create(id, clerk)).statusCode).toBe(201);
      expect((await complete(id, clerk)).statusCode).toBe(200);
    });
  });
}
