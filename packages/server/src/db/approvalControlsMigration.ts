import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0018: approval limits that cannot be sidestepped and segregation of duties (issue 35).
 * Two queue options, off unless an administrator turns them on: `approver_not_preparer` (who
 * imported, submitted or coded a document may not approve it in the queue) and
 * `one_level_per_approver` (nobody approves the same document at two levels). And the company's
 * local currency beside a linked record's facts (`local_currency_code`), so the screen can judge
 * an amount in that currency against the approver's limit before the click, and leaves any other
 * currency to the server, which converts at the ERP's rates. One ALTER per column, as SQLite adds
 * one column per statement.
 */
export function approvalControlsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const name of ['approver_not_preparer', 'one_level_per_approver']) {
        await db.schema
          .alterTable('queues')
          .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('linked_record_facts').addColumn('local_currency_code', 'text').execute();
    },
  };
}
