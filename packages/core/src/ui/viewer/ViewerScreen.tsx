import type { ReactElement } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { decodeDocumentId } from '../../model';
import { useGoBack } from '../app/useGoBack';
import { DocumentViewer } from './DocumentViewer';

/**
 * The document viewer screen (`/viewer/:docId`, query singleuse, and `find` with the words to
 * highlight): the DocumentViewer for the
 * decoded id, with its page keys on the whole window and a Back button unless the window is
 * single-use.
 */
export function ViewerScreen(): ReactElement {
  const { docId = '' } = useParams();
  const [search] = useSearchParams();
  const singleUse = search.get('singleuse') === 'true';
  const goBack = useGoBack();
  // `find` (ours, beside the spec's singleuse): the words of the full-text search that opened it, highlighted.
  const find = search.get('find') ?? undefined;
  return (
    <DocumentViewer
      docId={decodeDocumentId(docId)}
      onBack={singleUse ? undefined : goBack}
      headingLevel="h1"
      keyScope="window"
      highlightWords={find}
    />
  );
}
