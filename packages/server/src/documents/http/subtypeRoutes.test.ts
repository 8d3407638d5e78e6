import type { DmsDocument, DocumentAccess, Note, Subtype, SubtypePage } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import {
  createDocument,
  createGroup,
  createIntegratedTable,
  createUser,
  createWorld,
  grantTableAccess,
  unique,
} from '../../test/factories';
import type { TableFixture, World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import {
  createQueue,
  createQueueType,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
  unlinkDocument,
} from '../../test/workflowFactories';
import { ALL_QUEUE_ACCESS, QUEUE_ACCESS_FLAGS } from '../../access/queueAccessFlags';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('subtypes', (server) => {
  let world: World;
  let otherTable: TableFixture;
  let editor: User;
  let rival: User;
  let workQueue: number;
  let noSubtypeQueue: number;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    otherTable = await createIntegratedTable(s, 'Customer');
    const editors = await createGroup(s, unique('Editors '), [
      'Dynamics: Change Document Subtype',
      'Dynamics: Reapply Document Name',
      'Notes: View Only',
    ]);
    await grantTableAccess(s, editors, world.table.sitId);
    editor = await createUser(s, unique('editor'), { groups: [editors] });
    rival = await createUser(s, unique('rival'), { groups: [editors] });
    const type = await createQueueType(s);
    workQueue = await createQueue(s, type, { name: unique('Work ') });
    noSubtypeQueue = await createQueue(s, type, { name: unique('Frozen ') });
    await grantGroupQueueAccess(s, editors, workQueue);
    // Everything but ChangeSubtype.
    await s.deps.db
      .insertInto('queue_group_access')
      .values({ group_id: editors, queue_id: noSubtypeQueue, access: ALL_QUEUE_ACCESS & ~QUEUE_ACCESS_FLAGS.ChangeSubtype })
      .execute();
  });

  const get = (user: User, url: string): Promise<TestResponse> => server().inject({ url, headers: server().authHeaders(user.username) });
  const send = (user: User, method: 'POST' | 'PUT', url: string, payload: unknown): Promise<TestResponse> =>
    server().inject({ method, url, headers: server().authHeaders(user.username), payload });

  async function freshInvoice(): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      uploader: world.clerk,
    });
  }

  async function noteTextsOf(id: number): Promise<string[]> {
    const notes = await get(editor, `/api/documents/${id}/notes`);
    expect(notes.statusCode).toBe(200);
    return notes.json<Note[]>().map((n) => n.text);
  }

  describe('listings', () => {
    it('GET /sits/{id}/subtypes lists the table subtypes in order with their table', async () => {
      const response = await get(world.clerk, `/api/sits/${world.table.sitId}/subtypes`);
      expect(response.statusCode).toBe(200);
      expect(response.json<Subtype[]>()).toEqual([
        {
          id: world.table.subtypeIds.invoice,
          text: 'Invoice',
          order: 1,
          integratedTable: { label: 'Vendor', sitId: world.table.sitId },
          categoryId: null,
        },
        {
          id: world.table.subtypeIds.contract,
          text: 'Contract',
          order: 2,
          integratedTable: { label: 'Vendor', sitId: world.table.sitId },
          categoryId: null,
        },
      ]);
    });

    it('answers 404 for a table the caller may not see, as for a missing one; a manager sees every table', async () => {
      expect((await get(world.outsider, `/api/sits/${world.table.sitId}/subtypes`)).statusCode).toBe(404);
      expect((await get(world.clerk, `/api/sits/${otherTable.sitId}/subtypes`)).statusCode).toBe(404);
      expect((await get(world.clerk, '/api/sits/999999/subtypes')).statusCode).toBe(404);
      expect((await get(world.clerk, '/api/sits/abc/subtypes')).statusCode).toBe(400);
      expect((await get(world.manager, `/api/sits/${otherTable.sitId}/subtypes`)).json<Subtype[]>().map((s) => s.text)).toEqual([
        'Invoice',
        'Contract',
      ]);
    });

    it('GET /subtype lists only visible tables, filtered by sitId and text', async () => {
      const all = (await get(world.clerk, '/api/subtype')).json<Subtype[]>();
      expect(all.some((s) => s.integratedTable.sitId === otherTable.sitId)).toBe(false);
      expect(all.filter((s) => s.integratedTable.sitId === world.table.sitId).map((s) => s.text)).toEqual(['Invoice', 'Contract']);
      const filtered = (await get(world.clerk, `/api/subtype?sitId=${world.table.sitId}&q=CONTR`)).json<Subtype[]>();
      expect(filtered.map((s) => s.id)).toEqual([world.table.subtypeIds.contract]);
      expect((await get(world.outsider, `/api/subtype?sitId=${world.table.sitId}`)).json()).toEqual([]);
    });

    it("GET /subtype?q= takes '%' and '_' literally, on SQLite as on PostgreSQL", async () => {
      const table = await createIntegratedTable(server(), 'Rebate');
      for (const text of ['Rebate 50%', 'Rebate_500', 'Rebate 500']) {
        expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text })).statusCode).toBe(201);
      }
      const textsOf = async (q: string): Promise<string[]> =>
        (await get(world.manager, `/api/subtype?sitId=${table.sitId}&q=${encodeURIComponent(q)}`)).json<Subtype[]>().map((s) => s.text);
      expect(await textsOf('50%')).toEqual(['Rebate 50%']);
      expect(await textsOf('_')).toEqual(['Rebate_500']);
      expect(await textsOf('rebate 5')).toEqual(['Rebate 50%', 'Rebate 500']);
    });

    it('GET /v2/subtype pages with a total', async () => {
      const first = (await get(world.manager, `/api/v2/subtype?sitId=${otherTable.sitId}&take=1`)).json<SubtypePage>();
      expect(first).toMatchObject({ total: 2, skip: 0, take: 1 });
      expect(first.subtypes.map((s) => s.text)).toEqual(['Invoice']);
      const second = (await get(world.manager, `/api/v2/subtype?sitId=${otherTable.sitId}&take=1&skip=1`)).json<SubtypePage>();
      expect(second.subtypes.map((s) => s.text)).toEqual(['Contract']);
      expect((await get(world.manager, '/api/v2/subtype?take=0')).statusCode).toBe(400);
    });

    it('GET /documents/type/{id}/subtypes?modify=true offers nothing to a caller who may not change subtypes', async () => {
      expect((await get(world.clerk, `/api/documents/type/${world.table.sitId}/subtypes?modify=true`)).json()).toEqual([]);
      expect((await get(world.clerk, `/api/documents/type/${world.table.sitId}/subtypes`)).json<Subtype[]>()).toHaveLength(2);
      expect(
        (await get(editor, `/api/documents/type/${world.table.sitId}/subtypes?modify=true`)).json<Subtype[]>().map((s) => s.text),
      ).toEqual(['Invoice', 'Contract']);
      expect((await get(world.outsider, `/api/documents/type/${world.table.sitId}/subtypes`)).statusCode).toBe(404);
    });
  });

  describe('administration', () => {
    it('POST /subtypes creates a subtype after the last one; only a security manager may', async () => {
      const table = await createIntegratedTable(server(), 'Item');
      expect((await send(world.clerk, 'POST', '/api/subtypes', { sitId: table.sitId, text: 'Datasheet' })).statusCode).toBe(403);
      const created = await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text: ' Datasheet ' });
      expect(created.statusCode).toBe(201);
      expect(created.json<Subtype>()).toMatchObject({
        text: 'Datasheet',
        order: 3,
        integratedTable: { label: 'Item', sitId: table.sitId },
        categoryId: null,
      });
      const listed = (await get(world.manager, `/api/sits/${table.sitId}/subtypes`)).json<Subtype[]>();
      expect(listed.map((s) => s.text)).toEqual(['Invoice', 'Contract', 'Datasheet']);
    });

    it('refuses duplicate text (409), bad bodies (400), unknown tables and categories', async () => {
      const table = await createIntegratedTable(server(), 'Item');
      expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text: 'invoice' })).statusCode).toBe(409);
      expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text: '' })).statusCode).toBe(400);
      expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text: 'x'.repeat(101) })).statusCode).toBe(400);
      expect((await send(world.manager, 'POST', '/api/subtypes', { text: 'No table' })).statusCode).toBe(400);
      expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: 999999, text: 'Nowhere' })).statusCode).toBe(404);
      expect((await send(world.manager, 'POST', '/api/subtypes', { sitId: table.sitId, text: 'Cat', categoryId: 999999 })).statusCode).toBe(
        400,
      );
    });

    it('PUT /integrated-tables/{sitId}/subtypes/{id} changes text and order of that table only', async () => {
      const table = await createIntegratedTable(server(), 'Item');
      const url = `/api/integrated-tables/${table.sitId}/subtypes/${table.subtypeIds.contract}`;
      expect((await send(editor, 'PUT', url, { text: 'Agreement' })).statusCode).toBe(403);
      const changed = await send(world.manager, 'PUT', url, { text: 'Agreement', order: 0 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<Subtype>()).toMatchObject({ id: table.subtypeIds.contract, text: 'Agreement', order: 0 });
      expect((await get(world.manager, `/api/sits/${table.sitId}/subtypes`)).json<Subtype[]>().map((s) => s.text)).toEqual([
        'Agreement',
        'Invoice',
      ]);
      const wrongTable = await send(
        world.manager,
        'PUT',
        `/api/integrated-tables/${otherTable.sitId}/subtypes/${table.subtypeIds.contract}`,
        { text: 'X' },
      );
      expect(wrongTable.statusCode).toBe(404);
      expect((await send(world.manager, 'PUT', url, { text: 'Invoice' })).statusCode).toBe(409);
    });
  });

  describe('PUT /documents/{id}/subtype', () => {
    it('changes the subtype, bumps the row version and records a system note', async () => {
      const id = await freshInvoice();
      const response = await send(editor, 'PUT', `/api/documents/${id}/subtype`, {
        subtype: world.table.subtypeIds.contract,
        ignorePermissions: false,
      });
      expect(response.statusCode).toBe(200);
      const document = response.json<DmsDocument>();
      expect(document.subtype).toEqual({ id: world.table.subtypeIds.contract, text: 'Contract' });
      expect(document.rowVersion).toBe(2);
      expect(await noteTextsOf(id)).toContain(`Subtype changed from 'Invoice' to 'Contract' by ${editor.username}.`);
    });

    it('needs the privilege (403) whatever ignorePermissions says, and the document visible (404)', async () => {
      const id = await freshInvoice();
      const refused = await send(world.clerk, 'PUT', `/api/documents/${id}/subtype`, {
        subtype: world.table.subtypeIds.contract,
        ignorePermissions: true,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden' });
      const hidden = await send(world.outsider, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ message: MESSAGES.documentNotFound });
      expect((await get(world.manager, `/api/documents/${id}`)).json<DmsDocument>().subtype?.text).toBe('Invoice');
    });

    it('refuses a subtype of another table, an unlinked document and a bad body (400)', async () => {
      const id = await freshInvoice();
      expect((await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: otherTable.subtypeIds.contract })).statusCode).toBe(400);
      expect((await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: 'Contract' })).statusCode).toBe(400);
      const unlinked = await freshInvoice();
      await placeInQueue(server(), unlinked, workQueue);
      await unlinkDocument(server(), unlinked);
      expect(
        (await send(editor, 'PUT', `/api/documents/${unlinked}/subtype`, { subtype: world.table.subtypeIds.contract })).statusCode,
      ).toBe(400);
    });

    it("is blocked by another user's live lock (409, the spec's text) and allowed to the lock holder", async () => {
      const id = await freshInvoice();
      await placeInQueue(server(), id, workQueue);
      const locked = await server().inject({
        method: 'POST',
        url: `/api/locks?docId=${id}&queueId=${workQueue}&rowConflictIds=${await documentRowVersion(server(), id)}`,
        headers: server().authHeaders(rival.username),
      });
      expect(locked.statusCode).toBe(201);
      const refused = await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther });
      expect((await get(editor, `/api/documents/${id}/access`)).json<DocumentAccess>().changeSubtype).toBe(false);
      const own = await send(rival, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract });
      expect(own.statusCode).toBe(200);
      // Once the lock expires (database clock), the editor may change it again.
      server().advanceDatabaseClock(16 * 60_000);
      expect((await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.invoice })).statusCode).toBe(200);
    });

    it('needs the ChangeSubtype flag of the queue the document is in (403)', async () => {
      const id = await freshInvoice();
      await placeInQueue(server(), id, noSubtypeQueue);
      expect((await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract })).statusCode).toBe(
        403,
      );
      expect((await get(editor, `/api/documents/${id}/access`)).json<DocumentAccess>().changeSubtype).toBe(false);
      await placeInQueue(server(), id, workQueue);
      expect((await get(editor, `/api/documents/${id}/access`)).json<DocumentAccess>().changeSubtype).toBe(true);
      expect((await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract })).statusCode).toBe(
        200,
      );
    });

    it('refuses a stale row version with 409', async () => {
      const id = await freshInvoice();
      const stale = await send(editor, 'PUT', `/api/documents/${id}/subtype`, { subtype: world.table.subtypeIds.contract, rowVersion: 7 });
      expect(stale.statusCode).toBe(409);
    });
  });

  describe('access flags', () => {
    it('changeSubtype and reapplyName follow the privileges and the link', async () => {
      const id = await freshInvoice();
      expect((await get(editor, `/api/documents/${id}/access`)).json<DocumentAccess>()).toMatchObject({
        changeSubtype: true,
        reapplyName: true,
      });
      expect((await get(world.clerk, `/api/documents/${id}/access`)).json<DocumentAccess>()).toMatchObject({
        changeSubtype: false,
        reapplyName: false,
      });
      await placeInQueue(server(), id, workQueue);
      await unlinkDocument(server(), id);
      expect((await get(editor, `/api/documents/${id}/access`)).json<DocumentAccess>()).toMatchObject({
        changeSubtype: false,
        reapplyName: false,
      });
    });
  });
});
