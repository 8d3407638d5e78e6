import type { ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { decodeDocumentId, encodeDocumentId } from '../../model';
import { SplitButton } from './SplitButton';

/**
 * The viewer toolbar's Split action for the document of the `/viewer/:docId` screen. Elsewhere
 * (the workflow's inline viewer pane, whose route names a queue) it renders nothing. When the
 * split deleted the original, the viewer moves on to the first new document.
 */
export function ViewerSplitButton(): ReactElement | null {
  const { docId: rawId } = useParams();
  const navigate = useNavigate();
  const docId = rawId === undefined ? 0 : decodeDocumentId(rawId);
  if (docId === 0) return null;
  return (
    <SplitButton
      docId={docId}
      onSplit={(result) => {
        const first = result.documents[0];
        if (result.originalDeleted && first) navigate(`/viewer/${encodeDocumentId(first.id)}`, { replace: true });
      }}
    />
  );
}
