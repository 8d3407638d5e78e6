import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { derivedFileKey, pdfSourceKey } from '../../renditions';
import type { AppDeps } from '../../services/AppDeps';
import sharp from 'sharp';
import type { AnnotationFields } from '@datahaven/core/model';
import { pointsPerPixel } from '../../pdf/imagesToPdf';
import { annotationFieldsOf, listAnnotations } from './annotationStore';
import { burnInAnnotations } from './burnInAnnotations';

/** The document columns burn-in needs (a `DocumentDetailRow` has them). */
export interface AnnotatableDocument {
  id: number;
  name: string;
  extension: string;
  file_sha256: string;
  total_pages: number;
}

/** A PDF to serve in place of the stored file: its file-store key, size and the name users see. */
export interface AnnotatedPdf {
  key: string;
  size: number;
  fileName: string;
}

/**
 * `DATAHAVEN_EMBED_ANNOTATIONS` (off unless `1`/`true`/`yes`/`on`): whether data, download, print
 * and e-mail embed annotations when the request does not say (`embedAnnotations=`). Off by
 * default, as portal §9 and embedded §1 say.
 */
export function embedAnnotationsByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  const text = env.DATAHAVEN_EMBED_ANNOTATIONS;
  return text !== undefined && ['1', 'true', 'yes', 'on'].includes(text.trim().toLowerCase());
}

/** A request's `embedAnnotations` value ('true'/'1' or 'false'/'0'), else the configured default. */
export function wantsEmbeddedAnnotations(value: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (value === undefined || value === '') return embedAnnotationsByDefault(env);
  return value === 'true' || value === '1';
}

/** `name.ext` → `name.pdf`. */
export function pdfFileNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.pdf`;
}

/** Types the viewer shows as the image itself (one image pixel per point), not through their PDF form. */
const SHOWN_AS_IMAGE = ['jpg', 'jpeg', 'png'];

/**
 * How the units annotations were drawn in map onto the document's PDF form. The viewer shows
 * JPEG and PNG as images, one pixel per point, while their PDF form is sized by the image's DPI
 * (a 300 dpi scan becomes a page of 72/300 points a pixel), so their marks are scaled by the
 * image's points per pixel; PDFs, and TIFF and BMP (which the viewer shows as that same PDF
 * form), are drawn on the PDF itself: scale 1.
 */
export async function viewerToPdfScale(deps: AppDeps, document: AnnotatableDocument): Promise<number> {
  if (!SHOWN_AS_IMAGE.includes(document.extension)) return 1;
  const meta = await deps.fileStore.withLocalFile(document.file_sha256, (path) => sharp(path).metadata());
  return pointsPerPixel(meta.density);
}

/** An annotation's geometry and text size times `scale` (1 leaves it as it is). */
function scaled(fields: AnnotationFields, scale: number): AnnotationFields {
  if (scale === 1) return fields;
  return {
    ...fields,
    x: fields.x * scale,
    y: fields.y * scale,
    width: fields.width * scale,
    height: fields.height * scale,
    size: fields.size === null ? null : fields.size * scale,
  };
}

let burnInTail: Promise<unknown> = Promise.resolve();

/**
 * Runs burn-ins one at a time in this process, in the order asked: each holds a whole
 * document's pages in memory, so several large scans at once would multiply that (issue 4 §6).
 * A failed one does not stop the next.
 */
export function oneBurnInAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = burnInTail.then(work, work);
  burnInTail = run.catch(() => undefined);
  return run;
}

/**
 * The document as a PDF with its annotations burned in, or null when there is nothing to burn
 * (no annotations, or a type that has no PDF form: the caller serves the stored file). The
 * output is cached as a derived file keyed by the source and a digest of every annotation's
 * id, row version and fields, so an unchanged set is served from the store (with ranges and
 * ETag) and any change makes a new output. Burn-ins run one at a time.
 */
export async function annotatedPdfOf(deps: AppDeps, document: AnnotatableDocument): Promise<AnnotatedPdf | null> {
  const annotations = await listAnnotations(deps.db, document.id);
  if (annotations.length === 0) return null;
  // The same PDF form as every other page reader: a damaged PDF's repaired copy, an image's conversion.
  const sourceKey = await pdfSourceKey(deps, document);
  if (sourceKey === null) return null;
  const digest = createHash('sha256');
  for (const row of annotations) digest.update(JSON.stringify([row.id, row.row_version, annotationFieldsOf(row)]));
  const key = await derivedFileKey(deps, sourceKey, `annotated:${digest.digest('hex')}`, 'application/pdf', () =>
    oneBurnInAtATime(async () => {
      const scale = await viewerToPdfScale(deps, document);
      const burned = await burnInAnnotations(
        await deps.fileStore.withLocalFile(sourceKey, (path) => readFile(path)),
        annotations.map((row) => scaled(annotationFieldsOf(row), scale)),
      );
      return { data: Buffer.from(burned.buffer, burned.byteOffset, burned.byteLength), pages: document.total_pages };
    }),
  );
  return { key, size: await deps.fileStore.size(key), fileName: pdfFileNameOf(document.name) };
}

/** The document columns an output path needs to serve either the stored file or the burned PDF. */
export interface OutputDocument extends AnnotatableDocument {
  size: number | string;
  media_type: string;
}

/** What an output path (data, download, print, e-mail attachment) serves: a stored file key with its type and name. */
export interface OutputFile {
  key: string;
  size: number;
  mediaType: string;
  fileName: string;
}

/**
 * The one call for every path that hands a document out (data, download, zip, print, e-mail
 * attachment): with `embedAnnotations` and annotations to burn, the burned PDF; otherwise the
 * stored file as it is. Read the bytes with `deps.fileStore` (`openRead(key)`, or `withLocalFile` for a path).
 */
export async function outputFileOf(deps: AppDeps, document: OutputDocument, embedAnnotations: boolean): Promise<OutputFile> {
  if (embedAnnotations) {
    const annotated = await annotatedPdfOf(deps, document);
    if (annotated !== null) return { ...annotated, mediaType: 'application/pdf' };
  }
  return { key: document.file_sha256, size: Number(document.size), mediaType: document.media_type, fileName: document.name };
}
