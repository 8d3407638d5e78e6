import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { decodeDocumentId, encodeDocumentId, type DmsDocument } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useGoBack } from '../app/useGoBack';
import { NotesPanel } from './NotesPanel';
import { UI_TEXT } from '../../locale/uiText';

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
  // The panel's notes call reports a failure; one message is enough, so this one stays quiet.
  const documentQuery = useQuery({
    queryKey: queryKeys.document(id),
    queryFn: ({ signal }) => api.documents.getDocument(id, signal),
    enabled: id !== 0,
    meta: { quiet: true },
  });
  const document: DmsDocument | undefined = documentQuery.data;

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Subtitle2 as="h1" className={styles.title} title={document?.name}>
          {document ? UI_TEXT.notes.titleOf(document.name) : UI_TEXT.notes.title}
        </Subtitle2>
        {id !== 0 ? (
          <Button appearance="subtle" icon={<DocumentRegular />} onClick={() => navigate(`/viewer/${encodeDocumentId(id)}`)}>
            {UI_TEXT.notes.view}
          </Button>
        ) : null}
      </div>
      <NotesPanel docId={id} />
    </div>
  );
}
