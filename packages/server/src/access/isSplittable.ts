/** Extensions whose pages split, recombination and merge take: PDF, and TIFF through its converted PDF. */
export const PAGED_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'tif', 'tiff']);

/**
 * Whether the server's split (documents/documentSplitter.ts) takes this file: multi-page PDFs and
 * multi-page TIFFs (split through their converted PDF, renditions/pdfSourceKey.ts). The document's
 * `splittable` field and its `split` access flag both come from here, so the client never offers
 * a split the server would refuse.
 */
export function isSplittable(document: { extension: string; total_pages: number }): boolean {
  return PAGED_EXTENSIONS.has(document.extension) && document.total_pages > 1;
}
