import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { Body1, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';
import { useGoBack } from '../app/useGoBack';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { CustomDataForm } from './CustomDataForm';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  screen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    overflowY: 'auto',
    minHeight: 0,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The docId of /documents/{docId}/custom: an integer (spec §2); anything else is 0 (not found). */
export function customDataDocId(raw: string | undefined): number {
  return raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
}

/** The custom document data screen (`/documents/:docId/custom`): the document's name and its CustomDataForm. */
export function CustomDataScreen(): ReactElement {
  const styles = useStyles();
  const { docId } = useParams();
  const id = customDataDocId(docId);
  const { api } = useServices();
  const goBack = useGoBack();
  const document = useApiQuery(queryKeys.document(id), (signal) =>
    id === 0 ? Promise.reject(new Error(MESSAGES.documentNotFound)) : api.documents.getDocument(id, signal),
  );
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {document.data ? UI_TEXT.properties.customDataOf(document.data.name) : UI_TEXT.properties.sections.customData}
        </Text>
      </div>
      {id === 0 || (document.error !== null && !document.loading) ? <Body1>{MESSAGES.documentNotFound}</Body1> : null}
      {document.data ? <CustomDataForm docId={id} /> : null}
    </div>
  );
}
