import type { Kysely, Migration } from 'kysely';

/** The notice rows that are worded later, by a job, for someone other than who caused them. */
const NOTICE_TABLES = ['queue_arrivals', 'teams_notifications', 'reject_mails'] as const;

/**
 * Migration 0028 (issue 40 item 6, two languages): the language of the request that caused a
 * notice (Accept-Language's choice, 'en' or 'de'), kept on the row so the job that sends it later
 * words the Teams notice or the e-mail in it. Null on rows written before: English.
 */
export function noticeLanguagesSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of NOTICE_TABLES) await db.schema.alterTable(table).addColumn('language', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of NOTICE_TABLES) await db.schema.alterTable(table).dropColumn('language').execute();
    },
  };
}
