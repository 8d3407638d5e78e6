/**
 * Whether the server's split (commands/documentSplitter.ts) takes this file: multi-page PDFs.
 * The document's `splittable` field and its `split` access flag both come from here, so the
 * client never offers a split the server would refuse. TIFF splitting is not built yet.
 */
export function isSplittable(document: { extension: string; total_pages: number }): boolean {
  return document.extension === 'pdf' && document.total_pages > 1;
}
