import type { ReactElement } from 'react';
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(6em, max-content) 1fr',
    columnGap: tokens.spacingHorizontalM,
    margin: 0,
    marginTop: tokens.spacingVerticalXS,
  },
  term: { color: tokens.colorNeutralForeground3 },
  definition: { margin: 0 },
  value: { overflowWrap: 'anywhere', display: 'flex', flexDirection: 'column' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/** How often a pending write-back is asked about again while it shows (the server's job writes within seconds). */
const PENDING_POLL_MS = 3000;

/** Props of ErpStatusLine. */
export interface ErpStatusLineProps {
  docId: number;
}

/**
 * The 'ERP status' line of the properties panel: where the write-back of the document's latest
 * decision to its linked purchase invoice stands, in the server's words ('ERP updated', 'ERP
 * update pending', 'ERP update failed: …') with what the ERP holds; read again every few seconds
 * while pending, and with the document (a decision invalidates it). A failed read shows nothing
 * here: the line is a report, the panel's other parts say what failed.
 */
export function ErpStatusLine({ docId }: ErpStatusLineProps): ReactElement | null {
  const styles = useStyles();
  const { api } = useServices();
  const query = useQuery({
    queryKey: queryKeys.documentErpStatus(docId),
    queryFn: ({ signal }) => api.documents.getErpStatus(docId, signal),
    meta: { quiet: true },
    refetchInterval: (current) => (current.state.data?.state === 'pending' ? PENDING_POLL_MS : false),
  });
  if (query.isError) return null;
  const status = query.data;
  const text =
    status === undefined ? UI_TEXT.properties.erpStatusLoading : status === null ? UI_TEXT.properties.erpStatusNone : status.text;
  return (
    <dl className={styles.list}>
      <dt className={styles.term}>{UI_TEXT.properties.erpStatus}</dt>
      <dd className={styles.definition}>
        {/* The live region inside the dd: a role on the dd itself would take away its place in the list (axe definition-list). */}
        <div className={styles.value} role="status" aria-label={UI_TEXT.properties.erpStatus}>
          <span className={status?.state === 'failed' ? styles.failed : undefined}>{text}</span>
          {status ? <Caption1>{status.detail}</Caption1> : null}
        </div>
      </dd>
    </dl>
  );
}
