import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';
import { RejectionBar } from './RejectionBar';

/**
 * The rejection bar of a document opened outside a queue's list (the viewer screen, the folders'
 * and the ERP card's viewer, the phone's document step; issue 38 "Reasons"): the reject that put
 * it in its queue, read from the server (GET /documents/{id}/rejection, which checks that the
 * caller sees the document) and read again when the document changes (a decision, a live
 * change). Nothing while it loads, when it failed (the viewer says what failed itself), or when
 * the document was not rejected into its queue.
 */
export function DocumentRejectionBar({ docId }: { docId: number }): ReactElement | null {
  const { api } = useServices();
  const rejection = useQuery({
    queryKey: queryKeys.documentRejection(docId),
    queryFn: ({ signal }) => api.workflow.getRejection(docId, signal),
    enabled: docId > 0,
  });
  return <RejectionBar rejection={rejection.data ?? null} />;
}
