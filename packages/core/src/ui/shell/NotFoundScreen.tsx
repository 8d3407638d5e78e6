import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useServices } from '../app/DatahavenServices';
import { HostEmptyState } from './HostEmptyState';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
});

/** Shown for a path this app does not serve; hosts without their own screens yet show their home instead. */
export function NotFoundScreen(): ReactElement {
  const styles = useStyles();
  const { host } = useServices();
  if (host.kind === 'teams' || host.kind === 'outlook') return <HostEmptyState kind={host.kind} />;
  return (
    <div className={styles.box}>
      <Subtitle1 as="h1">This page does not exist</Subtitle1>
      <Body1>
        <RouterLink to="/folders">Go to the record's documents</RouterLink>
      </Body1>
    </div>
  );
}
