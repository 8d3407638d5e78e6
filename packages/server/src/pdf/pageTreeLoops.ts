import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, ParseSpeeds } from '@cantoo/pdf-lib';

/** The most page-tree nodes walked: past it the tree is refused as the bomb it is, whatever its shape. */
const MAX_NODES = 1_000_000;

/**
 * Whether the PDF's page tree loops (second attack finding 7): a `/Pages` node reached twice — a
 * node among its own descendants, or a subtree shared so that walking it multiplies. PDFium then
 * counts the `/Count` the file claims and fails on pages that are not there (it answered 500 on a
 * thumbnail); pdf-lib recurses until its stack overflows. Walked iteratively with pdf-lib's
 * parser, so the walk cannot overflow; false for a file pdf-lib cannot parse (the other checks
 * judge those). Runs in the PDFium worker pool, never on the request thread.
 */
export async function pageTreeLoops(bytes: Uint8Array): Promise<boolean> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch {
    return false;
  }
  try {
    return walkFindsLoop(pdf);
  } catch {
    // No catalog, or objects pdf-lib parsed into the wrong shapes (noise after '%PDF-'): not a loop; readUploadedPdf judges the rest.
    return false;
  }
}

function walkFindsLoop(pdf: PDFDocument): boolean {
  const root = pdf.catalog.get(PDFName.of('Pages'));
  if (!(root instanceof PDFRef)) return false;
  const seen = new Set<string>();
  const stack: PDFRef[] = [root];
  let walked = 0;
  for (let ref = stack.pop(); ref !== undefined; ref = stack.pop()) {
    walked += 1;
    if (walked > MAX_NODES) return true;
    const node = pdf.context.lookup(ref);
    if (!(node instanceof PDFDict)) continue;
    const kids = node.get(PDFName.of('Kids'));
    const list = kids instanceof PDFRef ? pdf.context.lookup(kids) : kids;
    // A leaf (a page) may be named twice without harm; an inner node twice is a loop or a multiplying subtree.
    if (!(list instanceof PDFArray)) continue;
    const key = ref.toString();
    if (seen.has(key)) return true;
    seen.add(key);
    for (let index = 0; index < list.size(); index++) {
      const kid = list.get(index);
      if (kid instanceof PDFRef) stack.push(kid);
    }
  }
  return false;
}
