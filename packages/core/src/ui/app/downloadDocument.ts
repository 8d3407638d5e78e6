import type { DmsDocument } from '../../model';
import type { DocumentsApi } from '../../api';
import { saveFile } from '../export/saveFile';

/**
 * Downloads a document's bytes. The data endpoint needs the bearer, which a plain link cannot
 * send, so the bytes come through fetch and are handed to the browser as a blob.
 */
export async function downloadDocument(documents: DocumentsApi, document: Pick<DmsDocument, 'id' | 'name'>): Promise<void> {
  const response = await documents.fetchData(document.id, { download: true, urlEncodeFileName: true });
  saveFile({ blob: await response.blob(), fileName: document.name });
}
