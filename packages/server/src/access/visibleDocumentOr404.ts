import { MESSAGES } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../errors/DomainError';
import { findVisibleDocument } from './documentQueries';
import type { DocumentDetailRow } from './documentQueries';
import type { Viewer } from './documentVisibility';

/**
 * The document if the viewer may see it; otherwise NotFound with the spec's message, the same
 * for a missing, deleted or forbidden one (SECURITY row 9). `db` may be a write transaction.
 */
export async function visibleDocumentOr404(db: Kysely<Database>, viewer: Viewer, id: number): Promise<DocumentDetailRow> {
  const row = await findVisibleDocument(db, viewer, id);
  if (row === undefined) throw notFound(MESSAGES.documentNotFound);
  return row;
}
