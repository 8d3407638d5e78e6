import type { Readable } from 'node:stream';
import { LIMITS } from '@datahaven/core/model';
import type { PrivilegeName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { findVisibleDocuments } from '../../../db/documentQueries';
import type { DocumentDetailRow } from '../../../db/documentQueries';
import type { Viewer } from '../../../policies/documentVisibility';
import { hasPrivilege } from '../../../policies/privileges';
import type { AppDeps } from '../../AppDeps';
import { badRequest, forbidden, notFound } from '../../HttpError';

/** A document's bytes as they leave the product (download, e-mail). */
export interface ExportedFile {
  documentId: number;
  /** The name the recipient sees (made unique within one archive or message). */
  name: string;
  mediaType: string;
  size: number;
  open(): Readable;
}

/** Options of `exportedFileOf`. */
export interface ExportOptions {
  /** Burn the document's annotations into the PDF (spec §1; off unless asked). */
  embedAnnotations: boolean;
}

/**
 * Produces the annotated copy of a document, or null when it has no annotations to burn in. The
 * seam for the annotations' burn-in (issue 4 item 1): until it is wired here, exports carry the
 * stored file and `embedAnnotations` changes nothing.
 */
export type AnnotatedExport = (deps: AppDeps, row: DocumentDetailRow) => Promise<Omit<ExportedFile, 'documentId'> | null>;

let annotatedExport: AnnotatedExport | null = null;

/** Plugs in the burn-in used when a download or e-mail asks for `embedAnnotations=true`. */
export function setAnnotatedExport(produce: AnnotatedExport | null): void {
  annotatedExport = produce;
}

/** The stored file of a visible document (or its annotated copy when asked and available). */
export async function exportedFileOf(deps: AppDeps, row: DocumentDetailRow, options: ExportOptions): Promise<ExportedFile> {
  if (options.embedAnnotations && annotatedExport !== null) {
    const annotated = await annotatedExport(deps, row);
    if (annotated !== null) return { ...annotated, documentId: row.id };
  }
  return {
    documentId: row.id,
    name: row.name,
    mediaType: row.media_type,
    size: Number(row.size),
    open: () => deps.fileStore.openRead(row.file_sha256),
  };
}

/**
 * Names made unique within one archive or message, case-insensitively (Windows and most mail
 * readers fold case): the second `a.pdf` becomes `a (2).pdf`, keeping the extension. Empty
 * names become `document-<n>`.
 */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw, index) => {
    const name = raw.trim() === '' ? `document-${index + 1}` : raw;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** What a multi-document export checks (the route names the privilege and the flag). */
export interface ExportCheck {
  privilege: PrivilegeName;
  /** Words of the 403 when the privilege is missing. */
  forbiddenMessage: string;
}

/**
 * The visible documents `ids` for an export, in the order asked: none → 400, more than the
 * download menu's 10 → 400 (spec §5, §9), the privilege missing → 403, one missing or invisible →
 * 404 (the same as missing: SECURITY row 9).
 */
export async function documentsForExport(deps: AppDeps, viewer: Viewer, ids: readonly number[], check: ExportCheck): Promise<DocumentDetailRow[]> {
  if (ids.length === 0) throw badRequest(MESSAGES.noDocumentsSelected);
  if (ids.length > LIMITS.downloadMenuMaxDocuments) throw badRequest(MESSAGES.downloadTooManyDocuments);
  if (!(await hasPrivilege(deps.db, viewer.userId, check.privilege))) throw forbidden(check.forbiddenMessage);
  const rows = await findVisibleDocuments(deps.db, viewer, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    return row;
  });
}
