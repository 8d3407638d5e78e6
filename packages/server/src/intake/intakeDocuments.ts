import type { Viewer } from '../access';
import { markArrivedDuplicates } from '../duplicates';
import type { ErpDeps } from '../erp';
import { applyArrivalEvents } from '../workflow';
import { commitArrivals } from './commitArrivals';
import { describeMailDocuments } from './importMailAttachments';
import type { MailOrigin } from './importMailAttachments';
import type { IntakePlace } from './IntakePlace';
import { matchArrivalsToRecords } from './smartQueueMatcher';
import type { MatchWarning } from './smartQueueMatcher';
import type { StagedFile } from './StagedFile';

/** What else came with the files. */
export interface IntakeOptions {
  /** The e-mail they were attachments of, and the user's note (POST /api/mail-import). */
  mail?: { origin: MailOrigin; note: string };
  /** Told when a SmartQueue could not look a file name's record up (the ERP did not answer); the file stays unlinked. */
  onMatchWarning?: MatchWarning;
}

/**
 * The one way documents arrive — an upload on a record, files dropped on a queue, an e-mail's
 * attachments, the demo's invoices — after their files were staged (streamed into the store and
 * checked: `stageUpload`):
 * 1. commit: one transaction makes the documents with their 'Uploaded by' notes and slow work
 *    (text, thumbnails, ERP facts) as jobs; on a record they are linked to it and enter its
 *    table's import queue when it names one, in a queue they enter it unlinked (entry note and
 *    history, the arrival its approvers are told of); then each is marked a possible duplicate
 *    of any other copy (same bytes, or its record's vendor and invoice number already known);
 * 2. describe: from an e-mail, its subject and sender as description, a note saying so and the
 *    user's note;
 * 3. match: in a SmartQueue, a file whose name names exactly one record is linked to it;
 * 4. arrival events: a SmartQueue's AutoApproveOnAutoLink approves the linked arrivals in the
 *    arriving user's name, under every approve rule.
 * Resolves to the new document ids in the files' order.
 */
export async function intakeDocuments(
  deps: ErpDeps,
  viewer: Viewer,
  place: IntakePlace,
  files: readonly StagedFile[],
  options: IntakeOptions = {},
): Promise<number[]> {
  const ids = await commitArrivals(deps, viewer, place, files);
  // Possible duplicates (issue 35) are marked before anything may approve the arrivals.
  await markArrivedDuplicates(deps.db, ids, deps.now().toISOString());
  if (options.mail !== undefined) await describeMailDocuments(deps.db, viewer, ids, options.mail.origin, options.mail.note, deps.now());
  // An upload arrives linked (its auto-link is the record it was uploaded on); a queue import arrives unlinked and is matched by name.
  const linked =
    place.kind === 'record'
      ? ids
      : await matchArrivalsToRecords(deps, viewer, place.queue, ids, options.onMatchWarning ?? (() => undefined));
  await applyArrivalEvents(deps, viewer, linked);
  return ids;
}
