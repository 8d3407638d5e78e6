import type { ReactElement } from 'react';
import { Body1, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentMultipleRegular } from '@fluentui/react-icons/svg/document-multiple';

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

/** Props of HostEmptyState: the host's own home notice. */
export interface HostEmptyStateProps {
  title: string;
  body: string;
}

/** The home screen of a host that has no record to show (its `home` notice): says so plainly. */
export function HostEmptyState({ title, body }: HostEmptyStateProps): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.box} role="status">
      <DocumentMultipleRegular className={styles.icon} aria-hidden />
      <Subtitle1 as="h1" className={styles.text}>
        {title}
      </Subtitle1>
      <Body1 className={styles.text}>{body}</Body1>
    </div>
  );
}
