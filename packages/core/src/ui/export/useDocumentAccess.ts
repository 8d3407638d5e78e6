import { useQueries } from '@tanstack/react-query';
import type { DmsDocument, DocumentAccess } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';

/**
 * The access flags of each document (GET /documents/{id}/access), in the documents' order, or
 * null until all are known; shared through the query cache and asked again when a document's
 * keys are invalidated (after edits, locks and workflow moves).
 */
export function useDocumentAccess(documents: readonly Pick<DmsDocument, 'id'>[]): DocumentAccess[] | null {
  const { api } = useServices();
  const access = useQueries({
    queries: documents.map((document) => ({
      queryKey: queryKeys.documentAccess(document.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.documents.getAccess(document.id, signal),
      // Unknown access keeps the actions off (the server would refuse them anyway): no alert for it.
      meta: { quiet: true },
    })),
  });
  if (access.some((result) => result.data === undefined)) return null;
  return access.flatMap((result) => (result.data === undefined ? [] : [result.data]));
}
