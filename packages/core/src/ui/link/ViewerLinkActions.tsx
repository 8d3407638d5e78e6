import { useMemo, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { LinkActions } from './LinkActions';

/**
 * The viewer's Link to Existing and Break Link: the document is read through its query key (not
 * the view that opened it), so after a link or a broken link the buttons follow the new state.
 */
export function ViewerLinkActions({ docId }: { docId: number }): ReactElement {
  const { api } = useServices();
  const documentQuery = useQuery({
    queryKey: queryKeys.document(docId),
    queryFn: ({ signal }) => api.documents.getDocument(docId, signal),
    enabled: docId !== 0,
    meta: { quiet: true },
  });
  const documents = useMemo(() => (documentQuery.data ? [documentQuery.data] : []), [documentQuery.data]);
  return <LinkActions documents={documents} />;
}
