import { useEffect, useState } from 'react';
import type { DmsDocument, DocumentAccess } from '../../model';
import { useServices } from '../app/DatahavenServices';

/**
 * The access flags of each document (GET /documents/{id}/access), in the documents' order, or
 * null until all are known. Asked again when the documents change.
 */
export function useDocumentAccess(documents: readonly Pick<DmsDocument, 'id'>[]): DocumentAccess[] | null {
  const { api } = useServices();
  const key = documents.map((document) => document.id).join(',');
  const [state, setState] = useState<{ key: string; access: DocumentAccess[] } | null>(null);
  useEffect(() => {
    if (key === '') return undefined;
    const controller = new AbortController();
    Promise.all(key.split(',').map((id) => api.documents.getAccess(Number(id), controller.signal))).then(
      (access) => {
        if (!controller.signal.aborted) setState({ key, access });
      },
      () => undefined, // Unknown access keeps the actions off; the server would refuse them anyway.
    );
    return () => controller.abort();
  }, [api, key]);
  if (key === '') return [];
  return state !== null && state.key === key ? state.access : null;
}
