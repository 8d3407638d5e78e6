import { hasQueueFeature } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../errors/DomainError';
import { findVisibleDocument } from './documentQueries';
import type { Viewer } from './documentVisibility';

/** What the restriction reads of a document: its queue's second feature set (null: in no queue). */
export interface RestrictedDocument {
  queue_id: number | null;
  queue_features2: number | null;
}

/** Ours (the spec words none): a restricted user named a record of another company. */
export function otherCompanyRefusal(action: 'link' | 'unlink', userDataAreaId: string, recordDataAreaId: string): string {
  const verb = action === 'link' ? 'link documents to' : 'break the links of documents to';
  return `In this queue you can ${verb} records of ${userDataAreaId} only; this record belongs to ${recordDataAreaId}.`;
}

/**
 * RestrictToDataAreaId (portal §6, features2 bit 4) on the server: a user with a data area of
 * their own (users.data_area_id, the spec's User.DataAreaId) acting on a document in a queue with
 * the feature may link it to, or unlink it from, records of that data area only (403 otherwise).
 * A user without a data area, or a document outside such a queue, is not restricted. Data areas
 * compare case-insensitively, as BC company names do. docs/UX-DECISIONS.md "Linking".
 */
export async function assertDataAreaAllowed(
  db: Kysely<Database>,
  viewer: Viewer,
  document: RestrictedDocument,
  action: 'link' | 'unlink',
  recordDataAreaId: string,
): Promise<void> {
  if (
    document.queue_id === null ||
    !hasQueueFeature({ features1: 0, features2: Number(document.queue_features2 ?? 0) }, 'RestrictToDataAreaId')
  )
    return;
  const own = viewer.ownDataAreaId;
  if (own === null) return;
  if (own.toLowerCase() !== recordDataAreaId.trim().toLowerCase()) throw forbidden(otherCompanyRefusal(action, own, recordDataAreaId));
}

/** The spec's words (embedded §8) when a restricting queue meets a user with no company and no current company. */
export const NO_CURRENT_COMPANY = MESSAGES.queueRestrictedToCompany;

/** Ours (the spec words none): a restricted user asked to see or group a record of another company. */
export function otherCompanyRecordRefusal(company: string, recordDataAreaId: string): string {
  return `In this queue you can work with records of ${company} only; this record belongs to ${recordDataAreaId}.`;
}

/** The company a restricting queue holds the caller to, and the queue that restricts. */
export interface CompanyRestriction {
  company: string;
  queueId: number;
}

/** Where a queue-less call stands: the document or queue it is made for, and the client's current company. */
export interface RestrictionContext {
  docId?: number;
  queueId?: number;
  /** The company the client works in now (the request's dataAreaId). */
  currentCompany?: string;
}

/** Whether a queue's second feature set has RestrictToDataAreaId. */
export function queueRestricts(features2: number | null): boolean {
  return hasQueueFeature({ features1: 0, features2: Number(features2 ?? 0) }, 'RestrictToDataAreaId');
}

/**
 * RestrictToDataAreaId for the calls that read or group records outside a link (entity lists,
 * recordMetadata, url, url-generation, record groups): the call names the document (`docId`) or
 * the queue (`queueId`) it is made for. In a restricting queue the caller is held to one company:
 * their own data area, else the client's current company; with neither the call is refused with
 * the spec's 'This queue has been restricted to users with a company. No current company has been
 * provided.' (403). Null: nothing restricts. A document the caller cannot see → 404, an unknown
 * queue → 404. docs/UX-DECISIONS.md "RestrictToDataAreaId beyond linking".
 */
export async function restrictionOf(db: Kysely<Database>, viewer: Viewer, context: RestrictionContext): Promise<CompanyRestriction | null> {
  let queue: { id: number; features2: number | null } | null = null;
  if (context.docId !== undefined) {
    const document = await findVisibleDocument(db, viewer, context.docId);
    if (document === undefined) throw notFound(MESSAGES.documentNotFound);
    queue = document.queue_id === null ? null : { id: document.queue_id, features2: document.queue_features2 };
  } else if (context.queueId !== undefined) {
    const row = await db.selectFrom('queues').select(['id', 'features2']).where('id', '=', context.queueId).executeTakeFirst();
    if (row === undefined) throw notFound(QUEUE_NOT_FOUND);
    queue = { id: row.id, features2: Number(row.features2) };
  }
  if (queue === null || !queueRestricts(queue.features2)) return null;
  const company = viewer.ownDataAreaId ?? (context.currentCompany?.trim() || null);
  if (company === null) throw forbidden(NO_CURRENT_COMPANY);
  return { company, queueId: queue.id };
}

/** Ours: the queue a call names does not exist. */
export const QUEUE_NOT_FOUND = 'The queue was not found.';

/** Whether two data areas are the same company (case aside, as BC company names compare). */
export function sameCompany(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The company a restricted call reads in: the restriction's when the request names none, the
 * request's when it is that one; another company → 403 in words. Unrestricted: as requested.
 */
export function companyToRead(restriction: CompanyRestriction | null, requested: string | undefined): string | undefined {
  if (restriction === null) return requested;
  if (requested === undefined || requested.trim() === '') return restriction.company;
  if (!sameCompany(requested, restriction.company)) throw forbidden(otherCompanyRecordRefusal(restriction.company, requested));
  return requested;
}

/** What a record read names of its context: the document or queue it is for, and the company asked for. */
export interface ReadContext {
  docId?: number;
  queueId?: number;
  dataAreaId?: string;
}

/**
 * The company a record read (entity lists, recordMetadata, url) is made in: the one asked for
 * (undefined: the source's own) — unless the read names a document or queue whose queue has
 * RestrictToDataAreaId, which holds it to the caller's company (restrictionOf, companyToRead).
 */
export async function companyForRead(db: Kysely<Database>, viewer: Viewer, context: ReadContext): Promise<string | undefined> {
  const requested = context.dataAreaId === undefined || context.dataAreaId.trim() === '' ? undefined : context.dataAreaId;
  if (context.docId === undefined && context.queueId === undefined) return requested;
  const restriction = await restrictionOf(db, viewer, { docId: context.docId, queueId: context.queueId, currentCompany: requested });
  return companyToRead(restriction, requested);
}
