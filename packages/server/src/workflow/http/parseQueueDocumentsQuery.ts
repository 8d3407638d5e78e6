import { MAX_QUEUE_PAGE_SIZE, QUEUE_DOCUMENT_SORT_KEYS, QUEUE_PAGE_SIZE } from '../queueDocuments';
import type { QueueDocumentSortKey, QueueDocumentsQuery } from '../queueDocuments';
import { badRequest } from '../../http/HttpError';
import { queryInteger, queryString } from '../../http/requestHelpers';
import type { RawQuery } from '../../http/requestHelpers';

/** Longest `q` accepted when filtering a queue's documents, in characters. */
export const MAX_QUEUE_DOCUMENT_QUERY_LENGTH = 500;

/**
 * `q`, `skip` (≥ 0), `take` (1–200, default 30), `sort` (default createdAt) and `desc`
 * (true | false, default false) of GET /api/queues/{id}/workflow; anything else → 400.
 */
export function parseQueueDocumentsQuery(query: RawQuery): QueueDocumentsQuery {
  const q = queryString(query, 'q') ?? '';
  if (q.length > MAX_QUEUE_DOCUMENT_QUERY_LENGTH) throw badRequest(`q is limited to ${MAX_QUEUE_DOCUMENT_QUERY_LENGTH} characters.`);
  const skip = queryInteger(query, 'skip') ?? 0;
  const take = queryInteger(query, 'take') ?? QUEUE_PAGE_SIZE;
  if (skip < 0) throw badRequest('skip must be 0 or more.');
  if (take < 1 || take > MAX_QUEUE_PAGE_SIZE) throw badRequest(`take must be between 1 and ${MAX_QUEUE_PAGE_SIZE}.`);
  const sort = queryString(query, 'sort') ?? 'createdAt';
  if (!(QUEUE_DOCUMENT_SORT_KEYS as readonly string[]).includes(sort))
    throw badRequest(`sort must be one of ${QUEUE_DOCUMENT_SORT_KEYS.join(', ')}.`);
  const desc = queryString(query, 'desc');
  if (desc !== undefined && desc !== 'true' && desc !== 'false') throw badRequest('desc must be true or false.');
  return { q, skip, take, sort: sort as QueueDocumentSortKey, desc: desc === 'true' };
}
