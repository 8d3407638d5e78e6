import { getPdfiumPool } from './pdfiumPool';

/** Whether the PDF at `path` has a looping page tree (pdf/pageTreeLoops), judged in the PDFium worker pool, time-boxed as its other work. */
export function hasLoopingPageTree(path: string): Promise<boolean> {
  return getPdfiumPool().run({ kind: 'pageTreeLoops', path });
}
