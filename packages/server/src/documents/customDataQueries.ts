import { isCategoryFieldEditable } from '@datahaven/core/rules';
import type { CustomCategory, CustomCategoryDetail, CustomField, CustomFieldValue } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The custom-data categories that apply to a document: the one its subtype names
 * (`subtypes.category_id`) and every category marked `applies_to_all`, by order then name.
 */
export async function applicableCategories(db: Kysely<Database>, documentId: number): Promise<CustomCategory[]> {
  const rows = await db
    .selectFrom('custom_categories as c')
    .select(['c.id', 'c.name', 'c.sort_order'])
    .where((eb) =>
      eb.or([
        eb('c.applies_to_all', '=', 1),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('documents as d')
            .innerJoin('subtypes as s', 's.id', 'd.subtype_id')
            .select('s.category_id')
            .where('d.id', '=', documentId)
            .where('s.category_id', 'is not', null),
        ),
      ]),
    )
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, order: Number(row.sort_order) }));
}

/** The fields of the given categories in category then field order; `editable` is the core rule (only ManualEntry). */
export async function fieldsOf(db: Kysely<Database>, categoryIds: readonly number[]): Promise<CustomField[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectFrom('custom_fields')
    .selectAll()
    .where('category_id', 'in', [...categoryIds])
    .orderBy('category_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    label: row.label,
    dataSource: row.data_source,
    valueType: row.value_type,
    order: Number(row.sort_order),
    required: Number(row.required) === 1,
    maxLength: Number(row.max_length),
    editable: isCategoryFieldEditable(row.data_source),
  }));
}

/** The categories with their fields, in the categories' order. */
export async function categoriesWithFields(db: Kysely<Database>, categories: readonly CustomCategory[]): Promise<CustomCategoryDetail[]> {
  const fields = await fieldsOf(
    db,
    categories.map((c) => c.id),
  );
  return categories.map((category) => ({ ...category, fields: fields.filter((field) => field.categoryId === category.id) }));
}

/** The document's stored values of the given fields. */
export async function valuesOf(db: Kysely<Database>, documentId: number, fieldIds: readonly number[]): Promise<CustomFieldValue[]> {
  if (fieldIds.length === 0) return [];
  const rows = await db
    .selectFrom('custom_values')
    .select(['field_id', 'value'])
    .where('document_id', '=', documentId)
    .where('field_id', 'in', [...fieldIds])
    .orderBy('field_id')
    .execute();
  return rows.map((row) => ({ fieldId: row.field_id, value: row.value }));
}
