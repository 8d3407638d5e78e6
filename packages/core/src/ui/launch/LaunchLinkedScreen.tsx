import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Body1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { decodeDocumentId, type DocumentLink } from '../../model';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { LAUNCH_LINKED_DOC_ID_KEY, launchLinkedRecord } from './launchLinkedRecord';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
});

/** The document a /launch-linked query names: docId encoded (with its dash) or as digits; 0 when none. */
function docIdOf(raw: string | null): number {
  if (raw === null || raw === '') return 0;
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  return decodeDocumentId(raw);
}

/**
 * /launch-linked (embedded §2, query passed through): opens the linked record of the document the
 * query names (`docId`, encoded or not) or, without one, of the local-storage item 'launch-linked
 * docId' (read once and removed), in the ERP — Launch Card for a page the ERP or a mail opens.
 * The spec's launch messages come from launchLinkedRecord; the screen says what happened.
 */
export function LaunchLinkedScreen(): ReactElement {
  const styles = useStyles();
  const [search] = useSearchParams();
  const { api, capabilities, alerts, host, loading } = useServices();
  const notify = useNotify();
  const [docId] = useState(() => {
    const named = docIdOf(search.get('docId'));
    return named !== 0 ? named : docIdOf(host.storage.local.getItem(LAUNCH_LINKED_DOC_ID_KEY));
  });
  // The stored item names one launch: it is used up once read.
  useEffect(() => host.storage.local.removeItem(LAUNCH_LINKED_DOC_ID_KEY), [host]);

  const documentQuery = useQuery({
    queryKey: queryKeys.document(docId),
    queryFn: ({ signal }) => loading.track(api.documents.getDocument(docId, signal)),
    enabled: docId !== 0,
  });
  const launch = useMutation({
    mutationFn: (link: DocumentLink) => launchLinkedRecord({ api, capabilities, alerts }, link),
    onSuccess: (opened, link) => {
      if (opened) notify(UI_TEXT.quickLink.launched(link.sourceNumber));
    },
  });
  const launched = useRef(false);
  const link = documentQuery.data?.link ?? null;
  useEffect(() => {
    // Once per visit, when the document has arrived: a refetch must not open the record again.
    if (link === null || launched.current) return;
    launched.current = true;
    launch.mutate(link);
  }, [link, launch]);

  let status = '';
  if (docId === 0) status = UI_TEXT.quickLink.launchLinkedNoDocument;
  else if (documentQuery.data !== undefined && link === null) status = UI_TEXT.quickLink.launchLinkedNotLinked;
  else if (launch.data === true && link !== null) status = UI_TEXT.quickLink.launched(link.sourceNumber);
  else if (documentQuery.isPending || launch.isPending) status = UI_TEXT.quickLink.launching;

  return (
    <main className={styles.screen}>
      <Title3 as="h1">{UI_TEXT.quickLink.launchLinkedTitle}</Title3>
      {status ? <Body1 role="status">{status}</Body1> : null}
    </main>
  );
}
