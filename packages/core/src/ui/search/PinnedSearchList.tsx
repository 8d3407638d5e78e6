import type { ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons/svg/search';
import { useStore } from '../app/DatahavenServices';
import { savedSearchLink } from './searchLink';
import { useSearchStores } from './useSearchStores';
import { savedSearchSummary } from './SavedSearchList';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: `${tokens.spacingVerticalXS} 0`,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  item: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' },
  muted: { color: tokens.colorNeutralForeground3 },
  search: { marginTop: tokens.spacingVerticalXS },
});

/**
 * The folders screen's 'Pinned Searches' list (spec §2): each pinned saved search opens /search
 * as that saved search (`saved=<id>`, so 'First 50 Results' and its refreshed count apply), keeping
 * the `embedded` / `allowSave` flags the current route carries; below it, the way into the search pane.
 */
export function PinnedSearchList(): ReactElement {
  const styles = useStyles();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const { savedSearches } = useSearchStores();
  const pinned = useStore(savedSearches).filter((search) => search.pinned);
  return (
    <>
      {pinned.length === 0 ? (
        <Caption1 className={styles.muted}>{UI_TEXT.search.noPinnedSearches}</Caption1>
      ) : (
        <ul className={styles.list} aria-label={UI_TEXT.search.pinnedSearches}>
          {pinned.map((search) => (
            <li key={search.id} className={styles.item}>
              <Link as="button" className={styles.name} onClick={() => navigate(savedSearchLink(search.id, new URLSearchParams(query)))}>
                {search.name}
              </Link>
              <Caption1 className={styles.muted}>{savedSearchSummary(search)}</Caption1>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.search}>
        <Button appearance="secondary" size="small" icon={<SearchRegular />} onClick={() => navigate('/search')}>
          {UI_TEXT.search.searchDocuments}
        </Button>
      </div>
    </>
  );
}
