import { validateNote } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import { MAX_DESCRIPTION_LENGTH, insertNote } from '../documents';
import type { IntakePlace } from './IntakePlace';
import type { StagedFile } from './StagedFile';
import { invalid } from '../errors/DomainError';
import { reindexDocument } from '../search';

/** What the e-mail says about itself, as the pane read it from Outlook. */
export interface MailOrigin {
  subject: string;
  /** The sender as shown, e.g. `Jane Doe <ap@vendor.example>`. */
  from: string;
}

/** A staged attachment that will not be imported: the same file is already in the place (or earlier in the same e-mail). */
export interface MailDuplicate {
  index: number;
  fileName: string;
  /** The document that holds it already; null when it is an earlier attachment of this e-mail. */
  existingDocumentId: number | null;
  message: string;
}

/** The longest subject kept in a note (the note limit is 4000 characters). */
const MAX_NOTE_SUBJECT = 1000;

function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The place in words, for the duplicate messages. */
export function placeLabel(place: IntakePlace): string {
  return place.kind === 'queue'
    ? `the queue ${place.queue.name}`
    : `${place.target.context.sit.label} ${place.target.context.sourceNumber}`;
}

/** A document's description from its e-mail: the subject and the sender (either may be missing), at most 1000 characters. */
export function mailDescription(origin: MailOrigin): string {
  const subject = origin.subject.replace(/\s+/g, ' ').trim();
  const from = origin.from.replace(/\s+/g, ' ').trim();
  return clip([subject, from].filter((part) => part !== '').join(' — '), MAX_DESCRIPTION_LENGTH);
}

/** The system note each imported document gets: where it came from. */
export function mailNote(origin: MailOrigin): string {
  const subject = clip(origin.subject, MAX_NOTE_SUBJECT);
  const from = clip(origin.from, MAX_NOTE_SUBJECT);
  return `Imported from the e-mail '${subject === '' ? '(no subject)' : subject}'${from === '' ? '' : ` from ${from}`}.`;
}

/**
 * The staged files that are already in `place` (same SHA-256, not deleted: in the queue, or
 * linked to the record), and those sent twice in one e-mail — each with its words. The rest are
 * imported; nothing is written here.
 */
export async function findMailDuplicates(
  db: Kysely<Database>,
  place: IntakePlace,
  staged: readonly StagedFile[],
): Promise<MailDuplicate[]> {
  const keys = [...new Set(staged.map((file) => file.key))];
  if (keys.length === 0) return [];
  let query = db
    .selectFrom('documents')
    .select(['documents.id', 'documents.file_sha256'])
    .where('documents.deleted_at', 'is', null)
    .where('documents.file_sha256', 'in', keys);
  if (place.kind === 'queue') query = query.where('documents.queue_id', '=', place.queue.id);
  else {
    const { context } = place.target;
    const recordId = context.recordId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('record_links')
          .select('record_links.id')
          .whereRef('record_links.document_id', '=', 'documents.id')
          .where('record_links.integrated_table_id', '=', context.sit.id)
          .where('record_links.record_id', '=', recordId)
          .where('record_links.data_area_id', '=', context.dataAreaId),
      ),
    );
  }
  const existing = new Map<string, number>();
  for (const row of await query.orderBy('documents.id').execute())
    if (!existing.has(row.file_sha256)) existing.set(row.file_sha256, row.id);
  const firstInMail = new Map<string, string>();
  const duplicates: MailDuplicate[] = [];
  staged.forEach((file, index) => {
    const stored = existing.get(file.key);
    const earlier = firstInMail.get(file.key);
    if (stored !== undefined) {
      duplicates.push({
        index,
        fileName: file.name,
        existingDocumentId: stored,
        message: `'${file.name}' is already in ${placeLabel(place)}; it was not imported again.`,
      });
    } else if (earlier !== undefined) {
      duplicates.push({
        index,
        fileName: file.name,
        existingDocumentId: null,
        message: `'${file.name}' is the same file as '${earlier}' of this e-mail; it was imported once.`,
      });
    } else firstInMail.set(file.key, file.name);
  });
  return duplicates;
}

/** Checks the user's note of an import (none is fine; else the note rules: 4000 characters). */
export function checkImportNote(note: string): void {
  if (note.trim() === '') return;
  const validation = validateNote(note);
  if (!validation.valid) throw invalid(validation.message);
}

/**
 * Gives documents just made from an e-mail its subject and sender as description, the system
 * note saying where they came from and the user's note if one was written, and reindexes them
 * for search — in one transaction, after the upload or queue import committed them.
 */
export async function describeMailDocuments(
  db: Kysely<Database>,
  author: { userId: number },
  documentIds: readonly number[],
  origin: MailOrigin,
  note: string,
  now: Date,
): Promise<void> {
  if (documentIds.length === 0) return;
  const createdAt = now.toISOString();
  await inWriteTransaction(db, async (trx) => {
    await trx
      .updateTable('documents')
      .set({ description: mailDescription(origin) })
      .where('id', 'in', [...documentIds])
      .execute();
    for (const id of documentIds) {
      await insertNote(trx, id, author.userId, 'system', mailNote(origin), createdAt);
      if (note.trim() !== '') await insertNote(trx, id, author.userId, 'user', note, createdAt);
      await reindexDocument(trx, id);
    }
  });
}
