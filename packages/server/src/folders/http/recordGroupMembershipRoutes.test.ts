import { FEATURES2 } from '@datahaven/core/model';
import type { FolderEntry, FolderNode } from '@datahaven/core/model';
import { NO_CURRENT_COMPANY, otherCompanyRecordRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createGroup, createUser, grantTableAccess, makePdf, unique } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType } from '../../test/workflowFactories';
import { RECORD_GROUP_NOT_FOUND } from '../recordGroups';
import {
  RECORD_GROUP_NOT_YOURS,
  RECORD_GROUP_NOT_YOURS_TO_REPLACE,
  RECORD_GROUP_REFUSED,
  groupOfOtherCompanyRefusal,
} from './recordGroupMembershipRoutes';

const V10000 = '5d7e1c2a-8b3f-4a6e-9c01-000000010000';
const V20000 = '5d7e1c2a-8b3f-4a6e-9c01-000000020000';
const CA_V10000 = '6e8f2d3b-9c4a-4b7f-8d12-000000010000';
const CA_V20000 = '6e8f2d3b-9c4a-4b7f-8d12-000000020000';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`PUT/DELETE /api/record-group-memberships through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let vendorSit: number;
    let restricted: number;
    let clerk: User;
    let cronusClerk: User;
    let noDynamics: User;
    let otherClerk: User;
    let manager: User;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      const db = server.deps.db;
      vendorSit = (
        await db
          .insertInto('integrated_tables')
          .values({
            external_table_id: 23,
            source_type_id: 0,
            entity_type_name: 'bc:Microsoft.NAV.Vendor',
            label: 'Vendor',
            product_type: 'bc',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const group = await createGroup(server, unique('AP '), ['Dynamics: Link to Existing']);
      const bare = await createGroup(server, unique('Readers '));
      await grantTableAccess(server, group, vendorSit);
      await grantTableAccess(server, bare, vendorSit);
      clerk = await createUser(server, unique('clerk'), { groups: [group] });
      cronusClerk = await createUser(server, unique('cronus'), { groups: [group] });
      noDynamics = await createUser(server, unique('reader'), { groups: [bare] });
      otherClerk = await createUser(server, unique('other'), { groups: [group] });
      manager = await createUser(server, unique('manager'), { groups: [group], privileges: { 'Security: Manager': true } });
      await db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', cronusClerk.id).execute();
      restricted = await createQueue(server, await createQueueType(server), { features2: FEATURES2.RestrictToDataAreaId });
      await createDocument(server, {
        sitId: vendorSit,
        recordId: V20000,
        fileName: 'Contoso contract.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const put = (payload: Record<string, unknown>, user: User = clerk) =>
      server.inject({ method: 'PUT', url: '/api/record-group-memberships', headers: server.authHeaders(user.username), payload });
    const remove = (id: number, user: User = clerk) =>
      server.inject({ method: 'DELETE', url: `/api/record-group-memberships/${id}`, headers: server.authHeaders(user.username) });
    const relatedOf = async (recordId: string): Promise<FolderNode[]> => {
      const response = await server.inject({
        url: `/api/folder-structure?dataAreaId=CRONUS&sitId=${vendorSit}&recordId=${recordId}`,
        headers: server.authHeaders(clerk.username),
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<FolderEntry[]>()
        .filter((entry): entry is FolderNode => entry.type === 'folder' && entry.constraints.relatedRecordId !== undefined);
    };

    it("groups records the ERP holds; each member's tree shows the others' documents; a PUT with the id replaces them; DELETE ends it", async () => {
      const created = await put({
        source: 'bc',
        records: [
          { typeName: 'bc:vendors', recordId: V10000 },
          { sitId: vendorSit, dataAreaId: 'CRONUS', recordId: `{${V20000.toUpperCase()}}` },
        ],
      });
      expect(created.statusCode).toBe(200);
      const group = created.json<{
        recordGroupMembershipId: number;
        source: string;
        records: { number: string; dataAreaId: string; recordId: string; displayName: string }[];
      }>();
      expect(group.source).toBe('bc');
      expect(group.records.map((r) => [r.number, r.dataAreaId, r.recordId, r.displayName])).toEqual([
        ['V10000', 'CRONUS', V10000, 'Fabrikam, Inc.'],
        ['V20000', 'CRONUS', V20000, 'Contoso Supplies'],
      ]);
      const [related] = await relatedOf(V10000);
      expect(related.name).toBe('Vendor V20000');
      expect(related.children.map((child) => child.name)).toEqual(['Contoso contract.pdf']);
      expect((await relatedOf(V20000)).map((folder) => folder.name)).toEqual(['Vendor V10000']);

      const replaced = await put({
        recordGroupMembershipId: group.recordGroupMembershipId,
        source: 'bc',
        records: [
          { sitId: vendorSit, recordId: V10000 },
          { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
        ],
      });
      expect(replaced.json()).toMatchObject({
        recordGroupMembershipId: group.recordGroupMembershipId,
        records: [{ number: 'V10000' }, { number: 'V20000', dataAreaId: 'CRONUS-CA', displayName: 'Northern Paper Co.' }],
      });
      expect(await relatedOf(V20000)).toEqual([]);

      expect((await remove(group.recordGroupMembershipId)).statusCode).toBe(204);
      expect(await relatedOf(V10000)).toEqual([]);
      const again = await remove(group.recordGroupMembershipId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: RECORD_GROUP_NOT_FOUND });
      expect(
        (
          await put({
            recordGroupMembershipId: group.recordGroupMembershipId,
            source: 'bc',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, recordId: V20000 },
            ],
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses a record the ERP lacks, one record, a source without ERP, a bad body; 403 without the Dynamics privilege', async () => {
      const missing = await put({
        source: 'bc',
        records: [
          { sitId: vendorSit, recordId: V10000 },
          { sitId: vendorSit, recordId: '5d7e1c2a-8b3f-4a6e-9c01-000000099999' },
        ],
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toContain(
        "has no record '5d7e1c2a-8b3f-4a6e-9c01-000000099999' in the company 'CRONUS'",
      );
      expect(
        (
          await put({
            source: 'bc',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, recordId: V10000.toUpperCase() },
            ],
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await put({
            source: 'fo',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, recordId: V20000 },
            ],
          })
        ).statusCode,
      ).toBe(404);
      expect((await put({ source: 'bc', records: [{ recordId: V10000 }] })).statusCode).toBe(400);
      const refused = await put(
        {
          source: 'bc',
          records: [
            { sitId: vendorSit, recordId: V10000 },
            { sitId: vendorSit, recordId: V20000 },
          ],
        },
        noDynamics,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: RECORD_GROUP_REFUSED });
      expect((await remove(1, noDynamics)).statusCode).toBe(403);
    });

    it('RestrictToDataAreaId (queueId): a record of another company is refused; without any company, the spec words', async () => {
      const records = [
        { sitId: vendorSit, recordId: V10000 },
        { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
      ];
      const other = await put({ source: 'bc', queueId: restricted, records }, cronusClerk);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: otherCompanyRecordRefusal('CRONUS', 'CRONUS-CA') });
      const none = await put({ source: 'bc', queueId: restricted, records }, clerk);
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ message: NO_CURRENT_COMPANY });
      // Held to CRONUS, the records without a company are read there.
      const own = await put(
        {
          source: 'bc',
          queueId: restricted,
          records: [
            { sitId: vendorSit, recordId: V10000 },
            { sitId: vendorSit, recordId: V20000 },
          ],
        },
        cronusClerk,
      );
      expect(own.statusCode).toBe(200);
      expect((await remove(own.json<{ recordGroupMembershipId: number }>().recordGroupMembershipId, cronusClerk)).statusCode).toBe(204);
    });

    it("DELETE: only the group's maker or a holder of 'Security: Manager'; 404 in words for an unknown group", async () => {
      const records = [
        { sitId: vendorSit, recordId: V10000 },
        { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
      ];
      const ids: number[] = [];
      for (let i = 0; i < 2; i += 1)
        ids.push((await put({ source: 'bc', records })).json<{ recordGroupMembershipId: number }>().recordGroupMembershipId);
      const [byMaker, byManager] = ids;
      const refused = await remove(byMaker, otherClerk);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: RECORD_GROUP_NOT_YOURS });
      expect(
        await server.deps.db.selectFrom('record_group_members').select('position').where('membership_id', '=', byMaker).execute(),
      ).toHaveLength(2);
      expect((await remove(byMaker)).statusCode).toBe(204);
      expect((await remove(byManager, manager)).statusCode).toBe(204);
      const unknown = await remove(byManager, manager);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: RECORD_GROUP_NOT_FOUND });
    });

    it('DELETE: a user of CRONUS who works in a queue with RestrictToDataAreaId cannot delete a group holding a CRONUS-CA record, even their own', async () => {
      const mixed = (
        await put(
          {
            source: 'bc',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
            ],
          },
          cronusClerk,
        )
      ).json<{ recordGroupMembershipId: number }>().recordGroupMembershipId;
      const own = (
        await put(
          {
            source: 'bc',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, recordId: V20000 },
            ],
          },
          cronusClerk,
        )
      ).json<{ recordGroupMembershipId: number }>().recordGroupMembershipId;
      // Now they see the documents of a restricting queue: they are held to CRONUS.
      await createQueue(server, await createQueueType(server), {
        features2: FEATURES2.RestrictToDataAreaId,
        defaultAccess: ['ViewDocumentsWithin'],
      });
      const refused = await remove(mixed, cronusClerk);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: groupOfOtherCompanyRefusal('CRONUS', 'CRONUS-CA', 'delete') });
      expect((await remove(own, cronusClerk)).statusCode).toBe(204);
      // A manager without a company of their own is held to none.
      expect((await remove(mixed, manager)).statusCode).toBe(204);
    });

    it("PUT with a group's id: only its maker or a holder of 'Security: Manager' replaces its records; 404 in words for an unknown group", async () => {
      const records = [
        { sitId: vendorSit, recordId: V10000 },
        { sitId: vendorSit, recordId: V20000 },
      ];
      const id = (await put({ source: 'bc', records })).json<{ recordGroupMembershipId: number }>().recordGroupMembershipId;
      const members = async (): Promise<string[]> =>
        (
          await server.deps.db
            .selectFrom('record_group_members')
            .select('data_area_id')
            .where('membership_id', '=', id)
            .orderBy('position')
            .execute()
        ).map((m) => m.data_area_id);
      const refused = await put(
        {
          recordGroupMembershipId: id,
          source: 'bc',
          records: [
            { sitId: vendorSit, recordId: V10000 },
            { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
          ],
        },
        otherClerk,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: RECORD_GROUP_NOT_YOURS_TO_REPLACE });
      expect(await members()).toEqual(['CRONUS', 'CRONUS']);
      const byMaker = await put({
        recordGroupMembershipId: id,
        source: 'bc',
        records: [
          { sitId: vendorSit, recordId: V10000 },
          { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
        ],
      });
      expect(byMaker.statusCode).toBe(200);
      expect(await members()).toEqual(['CRONUS', 'CRONUS-CA']);
      const byManager = await put({ recordGroupMembershipId: id, source: 'bc', records }, manager);
      expect(byManager.statusCode).toBe(200);
      expect(await members()).toEqual(['CRONUS', 'CRONUS']);
      expect((await remove(id, manager)).statusCode).toBe(204);
      const unknown = await put({ recordGroupMembershipId: id, source: 'bc', records }, manager);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: RECORD_GROUP_NOT_FOUND });
    });

    it('PUT: a user held to a company (a restricting queue they see) cannot sidestep it by naming no docId/queueId', async () => {
      // The DELETE test above made a restricting queue whose documents everyone sees: cronusClerk is held to CRONUS.
      const db = server.deps.db;
      const mixedRecords = [
        { sitId: vendorSit, recordId: V10000 },
        { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V20000 },
      ];
      const sidestep = await put({ source: 'bc', records: mixedRecords }, cronusClerk);
      expect(sidestep.statusCode).toBe(403);
      expect(sidestep.json()).toMatchObject({ message: groupOfOtherCompanyRefusal('CRONUS', 'CRONUS-CA', 'group') });
      // Their own group, replaced with another company's record: refused, nothing changes.
      const own = (
        await put(
          {
            source: 'bc',
            records: [
              { sitId: vendorSit, recordId: V10000 },
              { sitId: vendorSit, recordId: V20000 },
            ],
          },
          cronusClerk,
        )
      ).json<{ recordGroupMembershipId: number }>().recordGroupMembershipId;
      const into = await put({ recordGroupMembershipId: own, source: 'bc', records: mixedRecords }, cronusClerk);
      expect(into.statusCode).toBe(403);
      expect(into.json()).toMatchObject({ message: groupOfOtherCompanyRefusal('CRONUS', 'CRONUS-CA', 'group') });
      // A group of theirs made before they were held, holding a CRONUS-CA record: replacing it would drop that record.
      await db.updateTable('users').set({ data_area_id: null }).where('id', '=', cronusClerk.id).execute();
      const mixed = (await put({ source: 'bc', records: mixedRecords }, cronusClerk)).json<{ recordGroupMembershipId: number }>()
        .recordGroupMembershipId;
      await db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', cronusClerk.id).execute();
      const replace = await put(
        {
          recordGroupMembershipId: mixed,
          source: 'bc',
          records: [
            { sitId: vendorSit, recordId: V10000 },
            { sitId: vendorSit, recordId: V20000 },
          ],
        },
        cronusClerk,
      );
      expect(replace.statusCode).toBe(403);
      expect(replace.json()).toMatchObject({ message: groupOfOtherCompanyRefusal('CRONUS', 'CRONUS-CA', 'replace') });
      expect(
        (
          await db
            .selectFrom('record_group_members')
            .select('data_area_id')
            .where('membership_id', '=', mixed)
            .orderBy('position')
            .execute()
        ).map((m) => m.data_area_id),
      ).toEqual(['CRONUS', 'CRONUS-CA']);
      // Held to CRONUS-CA, records naming no company are read there.
      await db.updateTable('users').set({ data_area_id: 'CRONUS-CA' }).where('id', '=', cronusClerk.id).execute();
      const inCa = await put(
        {
          source: 'bc',
          records: [
            { sitId: vendorSit, recordId: CA_V10000 },
            { sitId: vendorSit, recordId: CA_V20000 },
          ],
        },
        cronusClerk,
      );
      await db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', cronusClerk.id).execute();
      expect(inCa.statusCode).toBe(200);
      expect(inCa.json<{ records: { dataAreaId: string }[] }>().records.map((r) => r.dataAreaId)).toEqual(['CRONUS-CA', 'CRONUS-CA']);
      // Not held (no company of their own), the same mixed body is accepted.
      expect((await put({ source: 'bc', records: mixedRecords }, manager)).statusCode).toBe(200);
    });
  });
}
