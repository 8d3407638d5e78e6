import { messagesFor } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';

/**
 * SQL (1 or 0) for "the queue `queueAlias` is final" (docs/SECURITY.md "Final queues"): it decides
 * nothing itself (no ApproveToQueue, no RejectToQueue) and the workflow ends there — it is another
 * queue's ApproveToQueue or RejectToQueue (where a decision lands: the demo's Approved and
 * Rejected), or a route leads into it and none leaves it (the end of a chain of routes). A queue
 * that nothing leads into is not part of a workflow and not final. Three index lookups per queue,
 * nothing per document.
 */
export function finalQueueSql(queueAlias: string): RawBuilder<number> {
  const id = sql.ref(`${queueAlias}.id`);
  const approveTo = sql.ref(`${queueAlias}.approve_to_queue_id`);
  const rejectTo = sql.ref(`${queueAlias}.reject_to_queue_id`);
  return sql<number>`(case when ${approveTo} is null and ${rejectTo} is null and (
      exists (select 1 from queues fd where fd.id <> ${id} and (fd.approve_to_queue_id = ${id} or fd.reject_to_queue_id = ${id}))
      or (exists (select 1 from routes fi where fi.to_queue_id = ${id})
          and not exists (select 1 from routes fo where fo.from_queue_id = ${id}))
    ) then 1 else 0 end)`;
}

/** The final queues among `queueIds` (finalQueueSql), read in one statement; `db` may be a transaction. */
export async function findFinalQueueIds(db: Kysely<Database>, queueIds: readonly number[]): Promise<Set<number>> {
  if (queueIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('queues as q')
    .select(['q.id', finalQueueSql('q').as('final')])
    .where('q.id', 'in', [...new Set(queueIds)])
    .execute();
  return new Set(rows.filter((row) => Number(row.final) === 1).map((row) => row.id));
}

/** Why a final queue refuses an import, a mail filing or an upload (the spec's 'Error: Cannot complete import!' first). */
export function finalQueueRefusal(queueName: string, language = 'en'): string {
  const cannotCompleteImport = messagesFor(language).cannotCompleteImport;
  if (language.toLowerCase().startsWith('de'))
    return `${cannotCompleteImport} Die Warteschlange ${queueName} ist eine Endwarteschlange: Belege gelangen nur über den Workflow (Genehmigen, Ablehnen oder Weiterleiten) hinein, nie durch Import, Upload oder Ablage aus E-Mails.`;
  return `${cannotCompleteImport} The queue ${queueName} is a final queue: documents enter it only through the workflow (approve, reject or route), never by import, upload or mail filing.`;
}

/** 403 with finalQueueRefusal's words. */
export function finalQueueForbidden(queueName: string): DomainError {
  return forbidden((language) => finalQueueRefusal(queueName, language));
}

/** Refuses (403 in words) when the queue is final; `db` may be the write transaction that then puts documents there. */
export async function assertNotFinalQueue(db: Kysely<Database>, queue: { id: number; name: string }): Promise<void> {
  if ((await findFinalQueueIds(db, [queue.id])).has(queue.id)) throw finalQueueForbidden(queue.name);
}

/**
 * A document made of pages of others (merge, recombination) is filed in its first part's queue;
 * it enters a final queue only when every page came from a document already there (pages of an
 * approved invoice recombined stay approved; a page from Coding does not become approved by being
 * merged into one): else 403 in words. `db` is the write transaction that files it.
 */
export async function assertFinalQueueTakesOnlyItsOwn(
  db: Kysely<Database>,
  queueId: number | null,
  sourceQueueIds: readonly (number | null)[],
): Promise<void> {
  if (queueId === null || sourceQueueIds.every((id) => id === queueId)) return;
  const queue = await db
    .selectFrom('queues as q')
    .select(['q.name', finalQueueSql('q').as('final')])
    .where('q.id', '=', queueId)
    .executeTakeFirst();
  if (queue !== undefined && Number(queue.final) === 1) {
    const name = queue.name;
    throw forbidden((language) =>
      language.toLowerCase().startsWith('de')
        ? `Die Warteschlange ${name} ist eine Endwarteschlange: Ein Beleg aus Seiten von Belegen in anderen Warteschlangen gelangt nicht hinein. Führen Sie sie vor der Entscheidung dort zusammen oder stellen Sie sie dort neu zusammen, wo sie warten.`
        : `The queue ${name} is a final queue: a document made of pages from documents in other queues does not enter it. Merge or recombine them where they wait, before the decision.`,
    );
  }
}
