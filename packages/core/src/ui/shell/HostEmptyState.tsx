import type { ReactElement } from 'react';
import { Body1, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentMultipleRegular } from '@fluentui/react-icons/svg/document-multiple';
import type { HostKind } from '../../host';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground2,
  },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground1 },
  text: { textAlign: 'center' },
});

const TEXTS: Record<HostKind, { title: string; body: string }> = {
  teams: {
    title: 'Datahaven Documents in Teams',
    body: 'Workflow queues, approvals and documents in this tab arrive in a later release. Until then, open your documents from the record pages in Business Central.',
  },
  outlook: {
    title: 'Datahaven Documents in Outlook',
    body: 'Attaching stored documents to your messages from this pane arrives in a later release. Until then, open your documents from the record pages in Business Central.',
  },
  erp: { title: 'Datahaven Documents', body: 'Open a record to see its documents.' },
  browser: { title: 'Datahaven Documents', body: 'Open a record to see its documents.' },
};

/** The home screen of a host whose own features come in a later issue: says so plainly. */
export function HostEmptyState({ kind }: { kind: HostKind }): ReactElement {
  const styles = useStyles();
  const text = TEXTS[kind];
  return (
    <div className={styles.box} role="status">
      <DocumentMultipleRegular className={styles.icon} aria-hidden />
      <Subtitle1 as="h1" className={styles.text}>{text.title}</Subtitle1>
      <Body1 className={styles.text}>{text.body}</Body1>
    </div>
  );
}
