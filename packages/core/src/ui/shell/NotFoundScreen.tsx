import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';
import { HostEmptyState } from './HostEmptyState';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
});

/** Shown for a path this app does not serve; hosts whose home is a notice show it instead. */
export function NotFoundScreen(): ReactElement {
  const styles = useStyles();
  const { home } = useServices().capabilities;
  // A host without folders has nothing to link to: its home notice says what it offers instead.
  if (home.kind === 'notice') return <HostEmptyState title={home.title} body={home.body} />;
  return (
    <div className={styles.box}>
      <Subtitle1 as="h1">{UI_TEXT.shell.pageNotFound}</Subtitle1>
      <Body1>
        <RouterLink to="/folders">{UI_TEXT.shell.goToFolders}</RouterLink>
      </Body1>
    </div>
  );
}
