import type { NewSubtypeRequest, SubtypeUpdateRequest } from '@datahaven/core/contract';
import { MAX_SUBTYPE_TEXT_LENGTH } from '@datahaven/core/model';
import type { NewSubtype, SubtypeUpdate } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { notFound, conflict, invalid } from '../errors/DomainError';

/** The trimmed text of a subtype: 1 to MAX_SUBTYPE_TEXT_LENGTH characters. */
function textOf(value: string): string {
  const text = value.trim();
  if (text === '' || Array.from(text).length > MAX_SUBTYPE_TEXT_LENGTH)
    throw invalid(`text must be 1 to ${MAX_SUBTYPE_TEXT_LENGTH} characters.`);
  return text;
}

/** The subtype a checked body of POST /api/subtypes creates (`sitId` or its alias `integratedTableId`). */
export function newSubtypeOf(body: NewSubtypeRequest): NewSubtype {
  const sitId = body.sitId ?? body.integratedTableId;
  if (sitId === undefined) throw invalid('sitId must be an integrated table id.');
  const created: NewSubtype = { sitId, text: textOf(body.text) };
  if (body.order !== undefined) created.order = body.order;
  if (body.categoryId !== undefined) created.categoryId = body.categoryId;
  return created;
}

/** The change a checked body of PUT /api/integrated-tables/{sitId}/subtypes/{id} asks for: any of text, order, categoryId. */
export function subtypeUpdateOf(body: SubtypeUpdateRequest): SubtypeUpdate {
  const update: SubtypeUpdate = {};
  if (body.text !== undefined) update.text = textOf(body.text);
  if (body.order !== undefined) update.order = body.order;
  if (body.categoryId !== undefined) update.categoryId = body.categoryId;
  return update;
}

async function assertCategoryExists(db: Kysely<Database>, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const found = await db.selectFrom('custom_categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (found === undefined) throw invalid(`There is no custom data category ${categoryId}.`);
}

/** 409 when another subtype of the table already has the text (compared case-insensitively). */
async function assertTextFree(db: Kysely<Database>, sitId: number, text: string, exceptId: number | null): Promise<void> {
  let query = db
    .selectFrom('subtypes')
    .select('id')
    .where('integrated_table_id', '=', sitId)
    .where(sql<string>`lower(text)`, '=', text.toLowerCase());
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if ((await query.executeTakeFirst()) !== undefined) throw conflict(`The table already has a subtype named '${text}'.`);
}

/** Creates a subtype of an integrated table (order defaults to after the last); resolves to its id. */
export async function createSubtype(deps: AppDeps, created: NewSubtype): Promise<number> {
  return inWriteTransaction(deps.db, async (trx) => {
    const table = await trx.selectFrom('integrated_tables').select('id').where('id', '=', created.sitId).executeTakeFirst();
    if (table === undefined) throw notFound('The integrated table was not found.');
    await assertCategoryExists(trx, created.categoryId);
    await assertTextFree(trx, created.sitId, created.text, null);
    const last = await trx
      .selectFrom('subtypes')
      .select((eb) => eb.fn.max('sort_order').as('max_order'))
      .where('integrated_table_id', '=', created.sitId)
      .executeTakeFirst();
    const order = created.order ?? Number(last?.max_order ?? 0) + 1;
    const row = await trx
      .insertInto('subtypes')
      .values({ integrated_table_id: created.sitId, sort_order: order, text: created.text, category_id: created.categoryId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Changes a subtype of the named integrated table; 404 when the subtype is not one of that table's. */
export async function updateSubtype(deps: AppDeps, sitId: number, id: number, update: SubtypeUpdate): Promise<void> {
  await inWriteTransaction(deps.db, async (trx) => {
    const current = await trx
      .selectFrom('subtypes')
      .select('id')
      .where('id', '=', id)
      .where('integrated_table_id', '=', sitId)
      .executeTakeFirst();
    if (current === undefined) throw notFound('The subtype was not found.');
    await assertCategoryExists(trx, update.categoryId);
    if (update.text !== undefined) await assertTextFree(trx, sitId, update.text, id);
    const set: { text?: string; sort_order?: number; category_id?: number | null } = {};
    if (update.text !== undefined) set.text = update.text;
    if (update.order !== undefined) set.sort_order = update.order;
    if (update.categoryId !== undefined) set.category_id = update.categoryId;
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('subtypes').set(set).where('id', '=', id).execute();
  });
}
