import type { ReactElement, ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { UploadPanel } from '../folders/UploadPanel';
import { AlertArea } from './AlertArea';
import { LoadingIndicator } from './LoadingIndicator';

const useStyles = makeStyles({
  shell: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minWidth: '0',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  main: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
});

/** The frame around every screen: alerts and the exception banner on top, the routed view, the uploads panel, the loading overlay. */
export function Shell({ children }: { children: ReactNode }): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.shell}>
      <AlertArea />
      <main className={styles.main}>{children}</main>
      <UploadPanel />
      <LoadingIndicator />
    </div>
  );
}
