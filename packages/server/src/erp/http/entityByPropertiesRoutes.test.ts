import { FEATURES2 } from '@datahaven/core/model';
import { NO_CURRENT_COMPANY, otherCompanyRecordRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createUser, createWorld, makePdf, unique } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

// Issue 11 "Done when": RestrictToDataAreaId holds on every record read, by-properties included,
// whether the call names the document (docId) or the queue (queueId) it is made for.
for (const dialect of testDialects()) {
  const title = `RestrictToDataAreaId on GET /api/entity-type/{name}/entities/by-properties and the other record reads, by docId and queueId [${dialect}]`;
  describeOn(dialect)(title, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let restricted: number;
    let restrictedDoc: number;
    let cronusClerk: User;
    let clerk: User;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      const world = await createWorld(server);
      const privileges = { 'Dynamics: Link to Existing': true } as const;
      cronusClerk = await createUser(server, unique('cronus'), { privileges });
      clerk = await createUser(server, unique('anywhere'), { privileges });
      await server.deps.db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', cronusClerk.id).execute();
      restricted = await createQueue(server, await createQueueType(server), {
        name: 'AP CRONUS only',
        features2: FEATURES2.RestrictToDataAreaId,
      });
      for (const user of [cronusClerk, clerk]) await grantUserQueueAccess(server, user.id, restricted);
      restrictedDoc = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'scan.pdf',
        content: await makePdf(1),
        uploader: world.clerk,
      });
      await placeInQueue(server, restrictedDoc, restricted);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const get = (url: string, user: User) => server.inject({ url, headers: server.authHeaders(user.username) });
    const byProperties = '/api/entity-type/bc:vendors/entities/by-properties?field=number';
    const areasOf = async (url: string, user: User): Promise<string[]> => {
      const response = await get(url, user);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      return [...new Set(response.json<{ dataAreaId: string }[]>().map((row) => row.dataAreaId))];
    };

    it('holds a user of CRONUS to CRONUS in a restricting queue: another company → 403 in words, none named → CRONUS', async () => {
      for (const context of [`docId=${restrictedDoc}`, `queueId=${restricted}`]) {
        const refused = await get(`${byProperties}&${context}&dataAreaId=CRONUS-CA`, cronusClerk);
        expect([context, refused.statusCode, refused.json()]).toEqual([
          context,
          403,
          expect.objectContaining({ exceptionType: 'Forbidden', message: otherCompanyRecordRefusal('CRONUS', 'CRONUS-CA') }),
        ]);
        expect(await areasOf(`${byProperties}&${context}`, cronusClerk)).toEqual(['CRONUS']);
      }
    });

    it("a user without a company in a restricting queue reads the client's current company, and with none gets the spec's words", async () => {
      for (const context of [`docId=${restrictedDoc}`, `queueId=${restricted}`]) {
        const none = await get(`${byProperties}&${context}`, clerk);
        expect([context, none.statusCode, none.json()]).toEqual([context, 403, expect.objectContaining({ message: NO_CURRENT_COMPANY })]);
        expect(await areasOf(`${byProperties}&${context}&dataAreaId=CRONUS-CA`, clerk)).toEqual(['CRONUS-CA']);
      }
    });

    it('the entity list and recordMetadata are held the same way by queueId', async () => {
      for (const path of [
        `/api/entity-types/bc:vendors/entities?queueId=${restricted}&dataAreaId=CRONUS-CA`,
        `/api/entities/bc:vendors/recordMetadata?queueId=${restricted}&dataAreaId=CRONUS-CA`,
      ]) {
        const refused = await get(path, cronusClerk);
        expect([path, refused.statusCode, refused.json()]).toEqual([
          path,
          403,
          expect.objectContaining({ message: otherCompanyRecordRefusal('CRONUS', 'CRONUS-CA') }),
        ]);
      }
    });

    it('without a document or queue nothing restricts; an unknown queue or an invisible document → 404', async () => {
      expect(await areasOf(`${byProperties}&dataAreaId=CRONUS-CA`, cronusClerk)).toEqual(['CRONUS-CA']);
      expect((await get(`${byProperties}&queueId=999999`, cronusClerk)).statusCode).toBe(404);
      const stranger = await createUser(server, unique('stranger'), { privileges: { 'Dynamics: Link to Existing': true } });
      expect((await get(`${byProperties}&docId=${restrictedDoc}`, stranger)).statusCode).toBe(404);
    });
  });
}
