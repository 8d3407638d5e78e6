import type { Readable } from 'node:stream';
import { LIMITS } from '@datahaven/core/model';
import type { PrivilegeName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { outputFileOf } from './annotations/annotatedPdf';
import { findVisibleDocuments } from '../access/documentQueries';
import type { DocumentDetailRow } from '../access/documentQueries';
import type { Viewer } from '../access/documentVisibility';
import type { AppDeps } from '../services/AppDeps';
import { badRequest, forbidden, notFound } from '../http/HttpError';

/** A document's bytes as they leave the product (download, e-mail). */
export interface ExportedFile {
  documentId: number;
  /** The name the recipient sees (made unique within one archive or message). */
  name: string;
  mediaType: string;
  size: number;
  open(): Promise<Readable>;
}

/** Options of `exportedFileOf`. */
export interface ExportOptions {
  /** Burn the document's annotations into the PDF (spec §1; off unless asked). */
  embedAnnotations: boolean;
}

/**
 * What a download or e-mail hands out for a visible document: with `embedAnnotations` and
 * annotations to burn, the PDF with them burned in (annotations/annotatedPdf.ts, cached per
 * annotation set; named .pdf); otherwise the stored file as it is.
 */
export async function exportedFileOf(deps: AppDeps, row: DocumentDetailRow, options: ExportOptions): Promise<ExportedFile> {
  const file = await outputFileOf(deps, row, options.embedAnnotations);
  return {
    documentId: row.id,
    name: file.fileName,
    mediaType: file.mediaType,
    size: file.size,
    open: () => deps.fileStore.openRead(file.key),
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
export async function documentsForExport(
  deps: AppDeps,
  viewer: Viewer,
  ids: readonly number[],
  check: ExportCheck,
): Promise<DocumentDetailRow[]> {
  if (ids.length === 0) throw badRequest(MESSAGES.noDocumentsSelected);
  if (ids.length > LIMITS.downloadMenuMaxDocuments) throw badRequest(MESSAGES.downloadTooManyDocuments);
  if (!viewer.privileges.has(check.privilege)) throw forbidden(check.forbiddenMessage);
  const rows = await findVisibleDocuments(deps.db, viewer, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    return row;
  });
}
