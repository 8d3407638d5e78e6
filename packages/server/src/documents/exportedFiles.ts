import type { Readable } from 'node:stream';
import { LIMITS } from '@datahaven/core/model';
import type { PrivilegeName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { outputFileOf } from './annotations/annotatedPdf';
import { findVisibleDocuments } from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, invalid, notFound } from '../errors/DomainError';

/** The 403's words when 'Cabinet: Export Documents' is missing (downloads and reply drafts). */
export const EXPORT_FORBIDDEN = "Downloading documents needs the 'Cabinet: Export Documents' privilege.";

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
 * annotations to burn, the PDF with them burned in (documents/annotations/annotatedPdf.ts, cached per
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
  if (ids.length === 0) throw invalid(MESSAGES.noDocumentsSelected);
  if (ids.length > LIMITS.downloadMenuMaxDocuments) throw invalid(MESSAGES.downloadTooManyDocuments);
  if (!viewer.privileges.has(check.privilege)) throw forbidden(check.forbiddenMessage);
  const rows = await findVisibleDocuments(deps.db, viewer, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    return row;
  });
}

/** The files of `rows` as they leave the product, in order, their names made unique (a zip or an e-mail holds each once). */
export async function exportedFilesOf(
  deps: AppDeps,
  rows: readonly DocumentDetailRow[],
  embedAnnotations: boolean,
): Promise<ExportedFile[]> {
  const files: ExportedFile[] = [];
  for (const row of rows) files.push(await exportedFileOf(deps, row, { embedAnnotations }));
  const names = uniqueFileNames(files.map((file) => file.name));
  return files.map((file, index) => ({ ...file, name: names[index] }));
}
