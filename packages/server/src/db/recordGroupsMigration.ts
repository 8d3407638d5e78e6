import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0013 (issue 11): record groups (embedded §3 "Record group membership":
 * recordGroupMembershipId, source, records). A group ties records of one ERP source together so
 * each member's folder tree shows the other members' documents (related records). The members
 * keep the number and name the ERP answered when they were grouped, for the folder's title.
 */
export function recordGroupsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const groups = db.schema.createTable('record_group_memberships');
      await (dialect === 'sqlite'
        ? groups.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : groups.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('record_group_members')
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('record_group_memberships.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_group_members_pk', ['membership_id', 'position'])
        .execute();
      // A folder tree finds the groups of its record through this index.
      await db.schema
        .createIndex('record_group_members_record')
        .on('record_group_members')
        .columns(['integrated_table_id', 'record_id', 'data_area_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('record_group_members').ifExists().execute();
      await db.schema.dropTable('record_group_memberships').ifExists().execute();
    },
  };
}
