import { EVIDENCE_MAX_DOCUMENTS } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { findVisibleDocuments, viewerHoldsAny } from '../access';
import type { Viewer } from '../access';
import type { ErpDeps } from '../erp';
import { forbidden, invalid, notFound } from '../errors/DomainError';
import { PRODUCT_VERSION } from '../system';
import { evidenceDocumentsOf } from './evidenceContents';
import { writeEvidencePdf } from './evidencePdf';

/** Ours: the 403 without 'Cabinet: Export Documents' (the packet hands the document's pages out, as a download does). */
export const EVIDENCE_EXPORT_FORBIDDEN = "An evidence packet hands the documents out: it needs the 'Cabinet: Export Documents' privilege.";

/** Ours: the 403 without a notes privilege (the packet prints every note; one without them would not be the whole evidence). */
export const EVIDENCE_NOTES_FORBIDDEN =
  "An evidence packet holds every note of the documents: it needs 'Notes: View Only' or 'Notes: View Admin'.";

/** Ours: a selection outside 1–100 documents (the contract refuses it first on POST). */
export const EVIDENCE_SELECTION_INVALID = `An evidence packet holds 1 to ${EVIDENCE_MAX_DOCUMENTS} documents.`;

/** A finished packet: the PDF and the name it is saved under. */
export interface EvidencePacketFile {
  fileName: string;
  bytes: Uint8Array;
}

let packetTail: Promise<unknown> = Promise.resolve();

/**
 * Builds packets one at a time in this process, in the order asked: each holds its documents'
 * pages in memory while it is written (as burn-ins do, documents/annotations/annotatedPdf), so
 * several selections of a hundred scans at once would multiply that. A failed one does not stop the next.
 */
function onePacketAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = packetTail.then(work, work);
  packetTail = run.catch(() => undefined);
  return run;
}

/** "Invoice 1001.pdf" → "Invoice 1001 - evidence.pdf"; a selection → "Evidence packet - 3 documents.pdf". */
export function evidenceFileName(names: readonly string[]): string {
  if (names.length !== 1) return `Evidence packet - ${names.length} documents.pdf`;
  const name = names[0];
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim();
  return `${stem === '' ? 'document' : stem} - evidence.pdf`;
}

/** The caller as the cover names them: "First Last (login)", or the login. */
async function producerOf(deps: ErpDeps, viewer: Viewer): Promise<string> {
  const user = await deps.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', viewer.userId).executeTakeFirst();
  const name = `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim();
  return name === '' || name === viewer.username ? viewer.username : `${name} (${viewer.username})`;
}

/**
 * The evidence packet of documents `ids` (GET /api/documents/{id}/evidence, POST
 * /api/documents/evidence): 1–100 ids (else 400); 'Cabinet: Export Documents' (403: the packet
 * hands the pages out, as a download does) and 'Notes: View Only' or 'Notes: View Admin' (403:
 * it prints every note); every document visible to the caller (404, the same answer as missing:
 * SECURITY row 9). Then one PDF (evidence/evidencePdf), built one packet at a time.
 */
export async function evidencePacketOf(deps: ErpDeps, viewer: Viewer, ids: readonly number[]): Promise<EvidencePacketFile> {
  if (ids.length === 0 || ids.length > EVIDENCE_MAX_DOCUMENTS) throw invalid(EVIDENCE_SELECTION_INVALID);
  if (!viewer.privileges.has('Cabinet: Export Documents')) throw forbidden(EVIDENCE_EXPORT_FORBIDDEN);
  if (!viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin'])) throw forbidden(EVIDENCE_NOTES_FORBIDDEN);
  const unique = [...new Set(ids)];
  const visible = new Map((await findVisibleDocuments(deps.db, viewer, unique)).map((row) => [row.id, row]));
  const rows = unique.map((id) => {
    const row = visible.get(id);
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    return row;
  });
  const producedBy = await producerOf(deps, viewer);
  return onePacketAtATime(async () => {
    const producedAt = deps.now().toISOString();
    const documents = await evidenceDocumentsOf(deps, rows);
    const bytes = await writeEvidencePdf({ producedBy, producedAt, productVersion: PRODUCT_VERSION, documents });
    return { fileName: evidenceFileName(rows.map((row) => row.name)), bytes };
  });
}
