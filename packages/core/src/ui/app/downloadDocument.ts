import type { DmsDocument } from '../../model';
import type { DocumentsApi } from '../../api';

/**
 * Downloads a document's bytes. The data endpoint needs the bearer, which a plain link cannot
 * send, so the bytes come through fetch and are handed to the browser as a blob.
 */
export async function downloadDocument(documents: DocumentsApi, document: Pick<DmsDocument, 'id' | 'name'>): Promise<void> {
  const response = await documents.fetchData(document.id, { download: true, urlEncodeFileName: true });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const anchor = window.document.createElement('a');
    anchor.href = url;
    anchor.download = document.name;
    anchor.rel = 'noopener';
    window.document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
