import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import sharp from 'sharp';

/** A4 at 72 dpi, greyscale: a small office scan, so 500 pages stay under the default upload limit. */
const WIDTH = 595;
const HEIGHT = 842;

function scanPageSvg(page: number, pages: number, title: string): Buffer {
  const lines = Array.from({ length: 30 }, (_, line) => {
    const amount = ((page * 37 + line * 11) % 900) + 100;
    return `<text x="45" y="${150 + line * 21}" font-size="13" font-family="sans-serif">Item ${page}.${line + 1}  Office supplies, box of ${line + 2}  ${amount}.00 USD</text>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<rect width="100%" height="100%" fill="#f4f2ec"/>` +
      `<text x="45" y="90" font-size="24" font-weight="bold" font-family="sans-serif">${title}</text>` +
      lines +
      `<text x="215" y="805" font-size="22" font-weight="bold" font-family="sans-serif">Page ${page} of ${pages}</text></svg>`,
  );
}

/** Pages per intermediate node of the page tree, as Acrobat and scanner drivers write them. */
const PAGE_TREE_FANOUT = 25;

/**
 * pdf-lib writes one flat /Pages node with every page as a kid. pdf.js prefetches every kid of
 * the top node, so a flat 500-page tree costs every page dictionary (and with them every chunk
 * of the file) before page 1. Real producers write balanced trees; rebuild one so the bench
 * measures the files our users send, not an artefact of the generator.
 */
function balancePageTree(pdf: PDFDocument): void {
  const rootRef = pdf.catalog.get(PDFName.of('Pages'));
  if (!(rootRef instanceof PDFRef)) throw new Error('the catalog has no /Pages reference');
  const root = pdf.catalog.Pages();
  const kids = root
    .Kids()
    .asArray()
    .filter((kid): kid is PDFRef => kid instanceof PDFRef);
  const groups: PDFRef[] = [];
  for (let start = 0; start < kids.length; start += PAGE_TREE_FANOUT) {
    const slice = kids.slice(start, start + PAGE_TREE_FANOUT);
    const node = pdf.context.obj({ Type: 'Pages', Parent: rootRef, Kids: slice, Count: slice.length });
    const nodeRef = pdf.context.register(node);
    for (const kid of slice) pdf.context.lookup(kid, PDFDict).set(PDFName.of('Parent'), nodeRef);
    groups.push(nodeRef);
  }
  root.set(PDFName.of('Kids'), pdf.context.obj(groups));
}

/**
 * A scanned invoice bundle as a scanner writes it: one greyscale JPEG per page in a PDF, so
 * each page's bytes sit in their own stream and a range-streaming viewer needs only page 1's.
 */
export async function makeScanPdf(pages: number, title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let page = 1; page <= pages; page++) {
    // Greyscale JPEG at quality 60: about 70 KB a page, the size scanners send for invoices.
    const jpeg = await sharp(scanPageSvg(page, pages, title))
      .greyscale()
      .jpeg({ quality: 60 })
      .toBuffer();
    const image = await pdf.embedJpg(jpeg);
    const pdfPage = pdf.addPage([595, 842]);
    pdfPage.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  balancePageTree(pdf);
  // Classic cross-reference table, as scanner drivers write it.
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
