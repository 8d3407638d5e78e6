import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { decodeDocumentId, encodeDocumentId, type DmsDocument } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { useGoBack } from '../app/useGoBack';
import { NotesPanel } from './NotesPanel';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * The notes page of a document (`/notes/:docId`): the document's name, Back and View, and the
 * NotesPanel (notes oldest first, filters, the form to add one).
 */
export function NotesScreen(): ReactElement {
  const styles = useStyles();
  const { docId = '' } = useParams();
  const id = decodeDocumentId(docId);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { api } = useServices();
  const [document, setDocument] = useState<DmsDocument | null>(null);

  useEffect(() => {
    if (id === 0) return undefined;
    const controller = new AbortController();
    api.documents.getDocument(id, controller.signal).then(
      (loaded) => setDocument(loaded),
      () => undefined, // The panel's notes call reports the failure; one message is enough.
    );
    return () => controller.abort();
  }, [id, api]);

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label="Back" onClick={goBack} />
        <Subtitle2 as="h1" className={styles.title} title={document?.name}>
          Notes{document ? ` – ${document.name}` : ''}
        </Subtitle2>
        {id !== 0 ? (
          <Button appearance="subtle" icon={<DocumentRegular />} onClick={() => navigate(`/viewer/${encodeDocumentId(id)}`)}>
            View
          </Button>
        ) : null}
      </div>
      <NotesPanel docId={id} />
    </div>
  );
}
