import type { ReactElement } from 'react';
import { ProgressBar, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useServices, useStore } from '../app/DatahavenServices';
import { useDelayedLoading } from './useDelayedLoading';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  overlay: {
    position: 'absolute',
    inset: 0,
    zIndex: 10,
    pointerEvents: 'none',
    display: 'flex',
    flexDirection: 'column',
  },
  spinner: {
    alignSelf: 'flex-end',
    margin: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
});

/**
 * The loading overlay (spec §2): shown only when loading lasts more than 300 ms, or during
 * uploads. It never takes the pointer, so it cannot block the uploads panel or the screen.
 */
export function LoadingIndicator(): ReactElement | null {
  const styles = useStyles();
  const { loading, uploads } = useServices();
  const { count } = useStore(loading);
  const { active } = useStore(uploads);
  const visible = useDelayedLoading(count > 0, active > 0);
  if (!visible) return null;
  return (
    <div className={styles.overlay} data-testid="loading-overlay">
      <ProgressBar thickness="medium" aria-label={UI_TEXT.shell.loadingProgress} />
      <Spinner
        className={styles.spinner}
        size="tiny"
        label={active > 0 ? UI_TEXT.shell.uploading : UI_TEXT.loading}
        labelPosition="after"
      />
    </div>
  );
}
