import type { SearchTagKind } from '@datahaven/core/model';
import { createDocument, createIntegratedTable, createErpRecord, createWorld, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { SearchAnswer } from './http/searchRoutes';
import { customIndexKey } from './searchTagCondition';

type TagInput = { type: SearchTagKind; key: string };
const tagParams = (tags: readonly TagInput[]) => tags.map((t) => `&tag[]=${encodeURIComponent(JSON.stringify(t))}`).join('');
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe('customIndexKey', () => {
  it('splits "field=value" at the first equals sign, and reads plain text as a value for any field', () => {
    expect(customIndexKey(' PO Number = 4500-17 ')).toEqual({ field: 'PO Number', value: '4500-17' });
    expect(customIndexKey('a=b=c')).toEqual({ field: 'a', value: 'b=c' });
    expect(customIndexKey('4500')).toEqual({ field: null, value: '4500' });
    expect(customIndexKey('=4500')).toEqual({ field: null, value: '=4500' });
  });
});

describeOnEachDatabase('search by custom index data (customIndex tags)', (server) => {
  let world: World;
  let withPo: number;
  let withCostCentre: number;
  let hidden: number;
  let poField: string;

  beforeAll(async () => {
    world = await createWorld(server());
    const { db } = server().deps;
    const category = await db
      .insertInto('custom_categories')
      .values({ name: unique('AP coding '), applies_to_all: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    poField = unique('PO');
    const po = await db
      .insertInto('custom_fields')
      .values({ category_id: category.id, name: poField, label: 'Purchase order' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cc = await db
      .insertInto('custom_fields')
      .values({ category_id: category.id, name: unique('CC'), label: 'Cost centre' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = (fileName: string) =>
      createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, fileName, uploader: world.clerk });
    withPo = await upload('po.pdf');
    withCostCentre = await upload('cc.pdf');
    const hiddenTable = await createIntegratedTable(server(), 'Customer');
    hidden = await createDocument(server(), {
      sitId: hiddenTable.sitId,
      recordId: await createErpRecord(server(), hiddenTable.sitId, unique('C')),
      fileName: 'secret.pdf',
      uploader: world.manager,
    });
    const at = new Date().toISOString();
    await db
      .insertInto('custom_values')
      .values([
        { document_id: withPo, field_id: po.id, value: '4500-1717', updated_at: at, updated_by_user_id: null },
        { document_id: withCostCentre, field_id: cc.id, value: 'CC-4500', updated_at: at, updated_by_user_id: null },
        { document_id: hidden, field_id: po.id, value: '4500-9999', updated_at: at, updated_by_user_id: null },
      ])
      .execute();
  });

  async function found(user: { username: string }, tags: readonly TagInput[]): Promise<number[]> {
    const response = await server().inject({
      url: `/api/documents/search?take=100${tagParams(tags)}`,
      headers: server().authHeaders(user.username),
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SearchAnswer>();
    expect(answer.total).toBe(answer.documents.length);
    return sorted(answer.documents.map((d) => d.id));
  }

  it('plain text matches any custom field; "field=value" only that field, by name or label, any case', async () => {
    expect(await found(world.clerk, [{ type: 'customIndex', key: '4500' }])).toEqual(sorted([withPo, withCostCentre]));
    expect(await found(world.clerk, [{ type: 'customIndex', key: `${poField.toUpperCase()}=4500` }])).toEqual([withPo]);
    expect(await found(world.clerk, [{ type: 'customIndex', key: 'purchase ORDER=1717' }])).toEqual([withPo]);
    expect(await found(world.clerk, [{ type: 'customIndex', key: 'Cost centre=1717' }])).toEqual([]);
  });

  it('never finds a document the caller may not see', async () => {
    expect(await found(world.clerk, [{ type: 'customIndex', key: '9999' }])).toEqual([]);
    expect(await found(world.manager, [{ type: 'customIndex', key: '9999' }])).toEqual([hidden]);
  });
});
