import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

type AnyTable = CreateTableBuilder<string, string>;

function withId(table: AnyTable, dialect: DialectName): AnyTable {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}

/**
 * Migration '0007_custom_data' (issue 4): custom-data categories (a category applies to the
 * documents whose subtype names it in `subtypes.category_id`, or to every document when
 * `applies_to_all`), their fields (data source Invalid / ManualEntry / EmailHeader; only
 * ManualEntry is editable) and each document's values (one row per document and field).
 */
export function customDataSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('custom_categories'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applies_to_all', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('custom_fields'), dialect)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('custom_categories.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('data_source', 'text', (c) => c.notNull().defaultTo('ManualEntry'))
        .addColumn('value_type', 'text', (c) => c.notNull().defaultTo('text'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('max_length', 'integer', (c) => c.notNull().defaultTo(250))
        .execute();
      await db.schema.createIndex('custom_fields_category').on('custom_fields').column('category_id').execute();
      await db.schema
        .createTable('custom_values')
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
        .addColumn('value', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('custom_values_pk', ['document_id', 'field_id'])
        .execute();
      await db.schema.createIndex('subtypes_category').on('subtypes').column('category_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('subtypes_category').ifExists().execute();
      for (const table of ['custom_values', 'custom_fields', 'custom_categories']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
