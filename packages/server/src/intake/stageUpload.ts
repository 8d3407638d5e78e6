import type { Readable } from 'node:stream';
import { MESSAGES } from '@datahaven/core/rules';
import { unsupportedFileType } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import type { AppDeps } from '../services/AppDeps';
import { checkImageLimits } from '../pdf/checkImageLimits';
import { sniffFileType } from '../pdf/fileSignature';
import { countPages } from '../pdf/pageCount';
import { hasLoopingPageTree } from '../pdf/hasLoopingPageTree';
import { PDF_DAMAGED_MESSAGE, PdfDamagedError, pdfDamagedMessageFor } from '../pdf/PdfDamagedError';
import { readUploadedPdf } from '../pdf/readUploadedPdf';
import { cleanFileName } from '../documents';
import type { StagedFile } from './StagedFile';
import { discardStagedFiles, holdStagedFile } from './stagedFiles';

function unsupported(): DomainError {
  return unsupportedFileType(MESSAGES.unsupportedFileType);
}

/**
 * Streams one uploaded file into the file store (temp → fsync → rename; over `maxBytes` →
 * FileTooLargeError / 413), then checks its signature against its extension (415 'Unsupported
 * file type!'), refuses images over the pixel limit and TIFFs over the page limit from their
 * headers (413, in words) and counts its pages. A PDF that cannot be read, or whose page tree
 * loops, is refused in its own words (415 'The PDF is damaged and could not be read.'); a damaged
 * one that can be repaired gets its repaired copy stored beside the original (`repaired`). Every
 * way a file arrives (upload, queue import, e-mail filing, the demo) comes through here. Nothing is
 * written to the database here. The stored file (and a repaired copy) is held (intake/stagedFiles)
 * until the caller commits it or gives it up; a file refused here is removed at once.
 */
export async function stageUpload(
  deps: Pick<AppDeps, 'fileStore' | 'db'>,
  rawName: string,
  source: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const name = cleanFileName(rawName);
  const stored = await deps.fileStore.put(source, { maxBytes });
  // Held until the caller commits or gives it up (intake/stagedFiles); a refusal here removes it at once.
  holdStagedFile(stored.key);
  try {
    const type = name === '' ? null : sniffFileType(stored.head, name);
    if (type === null || stored.size === 0) throw unsupported();
    // One local copy for all checks (a remote store downloads it once).
    const read = await deps.fileStore.withLocalFile(stored.key, async (path) => {
      // Before anything decodes it: a bomb costs a few header reads, never a decode (SECURITY.md row 7).
      await checkImageLimits(path, type.extension);
      if (type.extension === 'pdf') {
        // A page tree that loops claims pages that are not there (second attack finding 7).
        if (await hasLoopingPageTree(path)) throw unsupportedFileType(pdfDamagedMessageFor);
        try {
          return await readUploadedPdf(path);
        } catch (error) {
          // The right type with its content lost: said so, not 'Unsupported file type!'.
          if (error instanceof PdfDamagedError)
            throw unsupportedFileType(error.message === PDF_DAMAGED_MESSAGE ? pdfDamagedMessageFor : error.message);
          throw error;
        }
      }
      try {
        return { pages: await countPages(path, type.extension), repaired: null };
      } catch {
        // Bytes that start like a TIFF but do not parse are not a document we can serve.
        throw unsupported();
      }
    });
    const staged: StagedFile = {
      key: stored.key,
      size: stored.size,
      name,
      extension: type.extension,
      mediaType: type.mediaType,
      pages: Math.max(1, read.pages),
    };
    if (read.repaired === null) return staged;
    const copy = await deps.fileStore.putBuffer(read.repaired);
    return { ...staged, repaired: { key: copy.key, size: copy.size, pages: read.pages } };
  } catch (error) {
    await discardStagedFiles(deps, [stored]);
    throw error;
  }
}
