import type { DmsDocument, Note } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import { createQueue, createQueueType, grantGroupQueueAccess, placeInQueue, unlinkDocument } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('document naming and user dates', (server) => {
  let world: World;
  let namer: User;
  let queue: number;
  let recordNumber: string;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const namers = await createGroup(s, unique('Namers '), [
      'Dynamics: Reapply Document Name',
      'Cabinet: Edit Document user_date1',
      'Notes: View Only',
    ]);
    await grantTableAccess(s, namers, world.table.sitId);
    namer = await createUser(s, unique('namer'), { groups: [namers] });
    queue = await createQueue(s, await createQueueType(s));
    await grantGroupQueueAccess(s, namers, queue);
    recordNumber = (
      await s.deps.db.selectFrom('erp_records').select('number').where('record_id', '=', world.recordId).executeTakeFirstOrThrow()
    ).number;
  });

  const put = (user: User, id: number, payload: unknown): Promise<TestResponse> =>
    server().inject({ method: 'PUT', url: `/api/documents/${id}`, headers: server().authHeaders(user.username), payload });

  const freshInvoice = (): Promise<number> =>
    createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      uploader: world.clerk,
      fileName: 'scan 0001.pdf',
    });

  describe('rename and auto-name (linked documents only)', () => {
    it('renames a linked document with a system note; the name is cleaned like an upload name', async () => {
      const id = await freshInvoice();
      const response = await put(namer, id, { name: 'March\u202e invoice.pdf' });
      expect(response.statusCode).toBe(200);
      expect(response.json<DmsDocument>()).toMatchObject({ name: 'March invoice.pdf', rowVersion: 2 });
      const notes = (await server().inject({ url: `/api/documents/${id}/notes`, headers: server().authHeaders(namer.username) })).json<
        Note[]
      >();
      expect(notes.map((n) => n.text)).toContain(`Name changed from 'scan 0001.pdf' to 'March invoice.pdf' by ${namer.username}.`);
    });

    it('auto-names from the record number, subtype and user date (else the creation day)', async () => {
      const id = await freshInvoice();
      const created = (await server().deps.db.selectFrom('documents').select('created_at').where('id', '=', id).executeTakeFirstOrThrow())
        .created_at;
      const auto = await put(namer, id, { autoname: true });
      expect(auto.json<DmsDocument>().name).toBe(`${recordNumber} Invoice ${created.slice(0, 10)}.pdf`);
      const dated = await put(namer, id, { userDate: '2025-04-01' });
      expect(dated.statusCode).toBe(200);
      const again = await put(namer, id, {
        autoname: true,
        useContext: true,
        dataAreaId: 'CRONUS',
        recordId: `{${world.recordId.toUpperCase()}}`,
      });
      expect(again.json<DmsDocument>().name).toBe(`${recordNumber} Invoice 2025-04-01.pdf`);
      expect((await put(namer, id, { autoname: true, useContext: true, recordId: world.otherRecordId })).statusCode).toBe(400);
    });

    it('refuses an unlinked document (400), a caller without the privilege (403) and a blank name (400)', async () => {
      const id = await freshInvoice();
      expect((await put(world.clerk, id, { name: 'Other.pdf' })).statusCode).toBe(403);
      expect((await put(world.clerk, id, { autoname: true })).statusCode).toBe(403);
      expect((await put(namer, id, { name: '   ' })).statusCode).toBe(400);
      await placeInQueue(server(), id, queue);
      await unlinkDocument(server(), id);
      const unlinked = await put(namer, id, { name: 'Other.pdf' });
      expect(unlinked.statusCode).toBe(400);
      expect(unlinked.json()).toMatchObject({ message: 'An unlinked document cannot be renamed.' });
      expect((await put(namer, id, { autoname: true })).statusCode).toBe(400);
      expect((await server().deps.db.selectFrom('documents').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe(
        'scan 0001.pdf',
      );
    });
  });

  describe('user dates', () => {
    it('stores a bare date at 12:00 UTC, keeps instants with a zone and stores the 1900 placeholder as blank', async () => {
      const id = await freshInvoice();
      expect((await put(namer, id, { userDate: '2025-05-30' })).json<DmsDocument>().userDate).toBe('2025-05-30T12:00:00.000Z');
      expect((await put(namer, id, { userDate: '2025-05-30T09:15:00+02:00' })).json<DmsDocument>().userDate).toBe(
        '2025-05-30T07:15:00.000Z',
      );
      expect((await put(namer, id, { userDate: '1900-01-01' })).json<DmsDocument>().userDate).toBeNull();
      expect((await put(namer, id, { userDate: '2025-05-30' })).json<DmsDocument>().userDate).toBe('2025-05-30T12:00:00.000Z');
      expect((await put(namer, id, { userDate: '' })).json<DmsDocument>().userDate).toBeNull();
    });

    it("refuses loose formats and impossible days with 'Re-enter a valid date'", async () => {
      const id = await freshInvoice();
      for (const userDate of ['05/30/2025', '2025-02-30', 'May 30 2025', '2025-05-30T10:00:00', '2025-13-01']) {
        const response = await put(namer, id, { userDate });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ exceptionType: 'ValidationError', message: MESSAGES.reenterValidDate });
      }
    });
  });
});
