import { readFile, stat } from 'node:fs/promises';
import { measurePdfExpansion } from './measurePdfExpansion';
import { PdfExpansionError } from './PdfExpansionError';

/** Files remembered (a thumbnail job asks for 50 pages of one file; a viewer for a few more). */
const REMEMBERED = 256;

const known = new Map<string, Promise<number>>();

async function measure(path: string, limitBytes: number): Promise<number> {
  try {
    return (await measurePdfExpansion(await readFile(path), limitBytes)).largestBytes;
  } catch (error) {
    // Past the limit the estimate is the limit: the budget clamps a cost there anyway.
    if (error instanceof PdfExpansionError) return limitBytes;
    throw error;
  }
}

/**
 * The largest decoded stream of the PDF at `path` (at most `limitBytes`): what PDFium holds at
 * once, beyond the page bitmap, to render or read a page of it — the cost a page job takes from
 * the memory budget. Inflated in counted chunks on zlib's thread pool (nothing kept), once per
 * file identity (path, size, mtime), remembered for the last REMEMBERED files.
 */
export async function expandedSizeOf(path: string, limitBytes: number): Promise<number> {
  const info = await stat(path);
  const key = `${path}:${info.ino}:${info.size}:${info.mtimeMs}:${limitBytes}`;
  let size = known.get(key);
  if (size === undefined) {
    size = measure(path, limitBytes);
    known.set(key, size);
    size.catch(() => known.delete(key));
    if (known.size > REMEMBERED) {
      const oldest = known.keys().next().value;
      if (oldest !== undefined) known.delete(oldest);
    }
  }
  return size;
}
