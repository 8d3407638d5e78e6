import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0016: what an auditor needs of each history row (controls that hold). The amount an
 * approval was judged by, in the document's and the limit's currency, the limit and the level it
 * passed; the reason given to override a rule (a possible duplicate); and the hash chain that
 * makes a changed row visible (`prev_hash` is the row before's `row_hash`, per document). All
 * nullable: rows written before this migration, and actions that judge no amount, hold none.
 * One ALTER per column, as SQLite adds one column per statement.
 */
export function workflowControlsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const columns: [string, 'double precision' | 'text' | 'integer'][] = [
        ['amount', 'double precision'],
        ['amount_currency', 'text'],
        ['approval_limit', 'double precision'],
        ['limit_currency', 'text'],
        ['approval_level', 'integer'],
        ['override_reason', 'text'],
        ['prev_hash', 'text'],
        ['row_hash', 'text'],
      ];
      for (const [name, type] of columns) await db.schema.alterTable('workflow_history').addColumn(name, type).execute();
    },
  };
}
