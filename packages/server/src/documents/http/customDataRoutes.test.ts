import type { CustomCategory, CustomCategoryDetail, DocumentCustomData, Note } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import { createQueue, createQueueType, documentRowVersion, grantGroupQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('custom data', (server) => {
  let world: World;
  let editor: User;
  let rival: User;
  let queue: number;
  const category = { invoice: 0, everyone: 0 };
  const field = { vatId: 0, due: 0, from: 0, legacy: 0, amount: 0 };

  beforeAll(async () => {
    const s = server();
    const db = s.deps.db;
    world = await createWorld(s);
    const editors = await createGroup(s, unique('Indexers '), ['Dynamics: Edit Document Index Data', 'Notes: View Only']);
    await grantTableAccess(s, editors, world.table.sitId);
    editor = await createUser(s, unique('indexer'), { groups: [editors] });
    rival = await createUser(s, unique('rival'), { groups: [editors] });
    queue = await createQueue(s, await createQueueType(s));
    await grantGroupQueueAccess(s, editors, queue);
    const newCategory = async (name: string, order: number, all: boolean): Promise<number> =>
      (
        await db
          .insertInto('custom_categories')
          .values({ name, sort_order: order, applies_to_all: all ? 1 : 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    category.invoice = await newCategory(unique('Invoice data '), 1, false);
    category.everyone = await newCategory(unique('Totals '), 2, true);
    await db.updateTable('subtypes').set({ category_id: category.invoice }).where('id', '=', world.table.subtypeIds.invoice).execute();
    const newField = async (
      categoryId: number,
      label: string,
      options: { source?: 'ManualEntry' | 'EmailHeader' | 'Invalid'; type?: 'text' | 'number' | 'date'; required?: boolean; order: number },
    ): Promise<number> =>
      (
        await db
          .insertInto('custom_fields')
          .values({
            category_id: categoryId,
            name: label.toLowerCase().replace(/\W/g, '_'),
            label,
            data_source: options.source ?? 'ManualEntry',
            value_type: options.type ?? 'text',
            sort_order: options.order,
            required: options.required === false ? 0 : 1,
            max_length: 20,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    field.vatId = await newField(category.invoice, 'VAT id', { order: 1 });
    field.due = await newField(category.invoice, 'Due date', { type: 'date', required: false, order: 2 });
    field.from = await newField(category.invoice, 'From', { source: 'EmailHeader', order: 3 });
    field.legacy = await newField(category.invoice, 'Legacy', { source: 'Invalid', order: 4 });
    field.amount = await newField(category.everyone, 'Amount', { type: 'number', order: 1 });
  });

  const get = (user: User, url: string): Promise<TestResponse> => server().inject({ url, headers: server().authHeaders(user.username) });
  const save = (user: User, id: number, values: unknown): Promise<TestResponse> =>
    server().inject({
      method: 'POST',
      url: `/api/document/${id}/custom`,
      headers: server().authHeaders(user.username),
      payload: { values },
    });

  const freshInvoice = (): Promise<number> =>
    createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      uploader: world.clerk,
    });

  it("lists the categories that apply: the subtype's and those for every document", async () => {
    const invoice = await get(world.clerk, `/api/documents/${world.pdfDocId}/custom-categories`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json<CustomCategory[]>().map((c) => c.id)).toEqual([category.invoice, category.everyone]);
    const contract = await get(world.clerk, `/api/documents/${world.contractDocId}/custom-categories`);
    expect(contract.json<CustomCategory[]>().map((c) => c.id)).toEqual([category.everyone]);
    const hidden = await get(world.outsider, `/api/documents/${world.pdfDocId}/custom-categories`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: MESSAGES.documentNotFound });
  });

  it('answers a category with its fields, only ManualEntry ones editable; a category that does not apply is 404', async () => {
    const response = await get(world.clerk, `/api/documents/${world.pdfDocId}/custom-categories/${category.invoice}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<CustomCategoryDetail>();
    expect(detail.fields.map((f) => [f.label, f.dataSource, f.editable, f.required])).toEqual([
      ['VAT id', 'ManualEntry', true, true],
      ['Due date', 'ManualEntry', true, false],
      ['From', 'EmailHeader', false, true],
      ['Legacy', 'Invalid', false, true],
    ]);
    expect((await get(world.clerk, `/api/documents/${world.contractDocId}/custom-categories/${category.invoice}`)).statusCode).toBe(404);
    expect((await get(world.outsider, `/api/document/${world.pdfDocId}/custom`)).statusCode).toBe(404);
  });

  it('stores ManualEntry values (dates strictly, as YYYY-MM-DD) with a system note, and reads them back', async () => {
    const id = await freshInvoice();
    const response = await save(editor, id, [
      { fieldId: field.vatId, value: ' DE123 ' },
      { fieldId: field.due, value: '05/30/2025' },
      { fieldId: field.amount, value: '1200.50' },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json<DocumentCustomData>();
    expect(data.values).toEqual(
      expect.arrayContaining([
        { fieldId: field.vatId, value: 'DE123' },
        { fieldId: field.due, value: '2025-05-30' },
        { fieldId: field.amount, value: '1200.50' },
      ]),
    );
    expect(data.categories.map((c) => c.id)).toEqual([category.invoice, category.everyone]);
    const reread = (await get(world.clerk, `/api/document/${id}/custom`)).json<DocumentCustomData>();
    expect(reread.values).toHaveLength(3);
    const notes = (await get(editor, `/api/documents/${id}/notes`)).json<Note[]>().map((n) => n.text);
    expect(notes).toContain(
      `VAT id changed from (blank) to 'DE123'; Due date changed from (blank) to '2025-05-30'; Amount changed from (blank) to '1200.50' by ${editor.username}.`,
    );
  });

  it('refuses EmailHeader and Invalid fields (only ManualEntry is editable) and stores nothing of the request', async () => {
    const id = await freshInvoice();
    for (const fieldId of [field.from, field.legacy]) {
      const refused = await save(editor, id, [
        { fieldId: field.vatId, value: 'DE1' },
        { fieldId, value: 'x' },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/not editable/);
    }
    expect((await get(editor, `/api/document/${id}/custom`)).json<DocumentCustomData>().values).toEqual([]);
  });

  it('checks values: required, numbers, strict dates, fields of other categories (400) and the privilege (403)', async () => {
    const id = await freshInvoice();
    const required = await save(editor, id, [{ fieldId: field.vatId, value: '  ' }]);
    expect(required.statusCode).toBe(400);
    expect(required.json()).toMatchObject({ message: `VAT id: ${MESSAGES.fieldRequired}` });
    const date = await save(editor, id, [{ fieldId: field.due, value: '30/05/2025' }]);
    expect(date.json()).toMatchObject({ statusCode: 400, message: `Due date: ${MESSAGES.reenterValidDate}` });
    expect((await save(editor, id, [{ fieldId: field.amount, value: 'twelve' }])).statusCode).toBe(400);
    expect((await save(editor, world.contractDocId, [{ fieldId: field.vatId, value: 'DE1' }])).statusCode).toBe(400);
    expect((await save(editor, id, 'not a list')).statusCode).toBe(400);
    const forbidden = await save(world.clerk, id, [{ fieldId: field.vatId, value: 'DE1' }]);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(editor, `/api/document/${id}/custom`)).json<DocumentCustomData>().values).toEqual([]);
  });

  it("is refused while another user holds the document's lock", async () => {
    const id = await freshInvoice();
    await placeInQueue(server(), id, queue);
    const lock = await server().inject({
      method: 'POST',
      url: `/api/locks?docId=${id}&queueId=${queue}&rowConflictIds=${await documentRowVersion(server(), id)}`,
      headers: server().authHeaders(rival.username),
    });
    expect(lock.statusCode).toBe(201);
    const refused = await save(editor, id, [{ fieldId: field.vatId, value: 'DE1' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    expect((await save(rival, id, [{ fieldId: field.vatId, value: 'DE1' }])).statusCode).toBe(200);
  });
});
