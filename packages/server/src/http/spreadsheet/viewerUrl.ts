import { encodeDocumentId } from '@datahaven/core/model';

/** A document's viewer page under the server's public URL: the link an exported row opens. */
export function viewerUrl(publicUrl: string, documentId: number): string {
  return `${publicUrl}/viewer/${encodeDocumentId(documentId)}`;
}
