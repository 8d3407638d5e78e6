import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import { selectVisibleDocuments } from '../policies/documentQueries';
import type { DocumentDetailRow } from '../policies/documentQueries';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../policies/documentVisibility';
import type { Viewer } from '../policies/documentVisibility';

/** Keys `sort=` of GET /api/queues/{id}/workflow takes (DmsDocument field names). */
export const QUEUE_DOCUMENT_SORT_KEYS = ['name', 'createdAt', 'modifiedAt', 'FileSize', 'description', 'userString', 'userDate', 'type'] as const;

/** A key a queue's documents can be sorted by. */
export type QueueDocumentSortKey = (typeof QUEUE_DOCUMENT_SORT_KEYS)[number];

/** One page request of a queue's documents. */
export interface QueueDocumentsQuery {
  /** Case-insensitive "name or description contains"; empty matches all. */
  q: string;
  skip: number;
  take: number;
  sort: QueueDocumentSortKey;
  desc: boolean;
}

/** Default page size of a queue's documents. */
export const QUEUE_PAGE_SIZE = 30;
/** Largest `take` accepted. */
export const MAX_QUEUE_PAGE_SIZE = 200;

/** Text compared lower-cased and byte-wise on both dialects, so SQLite and PostgreSQL sort alike. */
function text(column: string, dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`lower(${sql.ref(column)}) collate "C"` : sql`lower(${sql.ref(column)})`;
}

function sortExpression(key: QueueDocumentSortKey, dialect: DialectName): RawBuilder<unknown> {
  switch (key) {
    case 'name':
      return text('d.name', dialect);
    case 'description':
      return text('d.description', dialect);
    case 'userString':
      return text('d.user_string1', dialect);
    case 'type':
      return text('t.label', dialect);
    case 'createdAt':
      return sql`d.created_at`;
    case 'modifiedAt':
      return sql`d.updated_at`;
    case 'FileSize':
      return sql`f.size`;
    case 'userDate':
      return sql`d.user_date1`;
  }
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (escaped with `\`). */
function likeContains(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the documents in a queue that the viewer can see (canSeeDocument), filtered by
 * `q` on name and description, in the asked order. Blank values (null user date, no type) sort
 * last in either direction, and every order ends in the document id in the same direction, so the
 * order is total and pages never repeat or skip a document. `total` counts all matches.
 */
export async function findQueueDocumentsPage(
  db: Kysely<Database>,
  dialect: DialectName,
  viewer: Viewer,
  queueId: number,
  query: QueueDocumentsQuery,
): Promise<{ rows: DocumentDetailRow[]; total: number }> {
  const pattern = query.q === '' ? null : likeContains(query.q);
  const direction = query.desc ? 'desc' : 'asc';
  const sortBy = sortExpression(query.sort, dialect);
  let page = selectVisibleDocuments(db, viewer).where('d.queue_id', '=', queueId);
  if (pattern !== null) {
    page = page.where(sql<boolean>`(lower(d.name) like ${pattern} escape '\\' or lower(d.description) like ${pattern} escape '\\')`);
  }
  const rows = await page
    .orderBy(sql`case when ${sortBy} is null then 1 else 0 end`)
    .orderBy(sortBy, direction)
    .orderBy('d.id', direction)
    .offset(query.skip)
    .limit(query.take)
    .execute();

  let count = db
    .selectFrom('documents as d')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('d.queue_id', '=', queueId)
    .where((eb) => canSeeDocument(eb, viewer));
  if (pattern !== null) {
    count = count.where(sql<boolean>`(lower(d.name) like ${pattern} escape '\\' or lower(d.description) like ${pattern} escape '\\')`);
  }
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  return { rows, total };
}
