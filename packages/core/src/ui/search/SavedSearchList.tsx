import { useState, type ReactElement } from 'react';
import { Badge, Button, Caption1, Subtitle2, ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { RenameRegular } from '@fluentui/react-icons/svg/rename';
import { PinRegular } from '@fluentui/react-icons/svg/pin';
import { MESSAGES } from '../../locale/messages';
import type { SavedSearch, SavedSearchStore } from '../../state/SavedSearchStore';
import { SearchNameForm } from './SearchNameForm';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  section: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  run: { flexGrow: 1, minWidth: 0, justifyContent: 'flex-start' },
  runText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What a saved search's row says about its results: 'First 50 Results' above fifty (spec §2, §9), else the count. */
export function savedSearchSummary(search: SavedSearch): string {
  if (search.overFifty) return MESSAGES.firstFiftyResults;
  return UI_TEXT.search.documentCount(search.documents.length);
}

/** Props of SavedSearchList. */
export interface SavedSearchListProps {
  searches: readonly SavedSearch[];
  store: SavedSearchStore;
  activeId: string | null;
  onRun(search: SavedSearch): void;
}

/** The saved searches of the search pane: run one by its name; pin, rename or delete it (plain buttons, so each reads 'Pin …', 'Rename …', 'Delete …'). */
export function SavedSearchList({ searches, store, activeId, onRun }: SavedSearchListProps): ReactElement {
  const { formatDateTime } = useLocaleFormats();
  const styles = useStyles();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  return (
    <section className={styles.section} aria-labelledby="saved-searches-title">
      <Subtitle2 as="h2" id="saved-searches-title">
        {UI_TEXT.search.savedSearches}
      </Subtitle2>
      {searches.length === 0 ? (
        <Caption1 as="p" className={styles.muted}>
          {UI_TEXT.search.noSavedSearches}
        </Caption1>
      ) : (
        <ul className={styles.list} aria-labelledby="saved-searches-title">
          {searches.map((search) =>
            renaming?.id === search.id ? (
              <li key={search.id}>
                <SearchNameForm
                  label={UI_TEXT.search.newNameFor(search.name)}
                  confirmLabel={UI_TEXT.search.rename}
                  initialName={search.name}
                  onCancel={() => setRenaming(null)}
                  onConfirm={(name) => {
                    store.rename(search.id, name);
                    setRenaming(null);
                  }}
                />
              </li>
            ) : (
              <li key={search.id} className={styles.item}>
                <Button
                  appearance="subtle"
                  className={mergeClasses(styles.run, search.id === activeId && styles.active)}
                  aria-label={UI_TEXT.search.run(search.name)}
                  aria-current={search.id === activeId ? 'true' : undefined}
                  title={search.savedAt === '' ? undefined : UI_TEXT.search.savedAt(formatDateTime(search.savedAt))}
                  onClick={() => onRun(search)}
                >
                  <span className={styles.runText}>{search.name}</span>
                </Button>
                {search.overFifty ? (
                  <Badge appearance="outline" color="informative">
                    {MESSAGES.firstFiftyResults}
                  </Badge>
                ) : (
                  <Caption1 className={styles.muted}>{savedSearchSummary(search)}</Caption1>
                )}
                <ToggleButton
                  appearance="subtle"
                  size="small"
                  icon={<PinRegular />}
                  checked={search.pinned}
                  aria-label={search.pinned ? UI_TEXT.search.unpin(search.name) : UI_TEXT.search.pin(search.name)}
                  title={search.pinned ? UI_TEXT.search.unpinTitle : UI_TEXT.search.pinTitle}
                  onClick={() => store.setPinned(search.id, !search.pinned)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<RenameRegular />}
                  aria-label={UI_TEXT.search.renameNamed(search.name)}
                  title={UI_TEXT.search.rename}
                  onClick={() => setRenaming(search)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  aria-label={UI_TEXT.search.deleteNamed(search.name)}
                  title={UI_TEXT.export.delete}
                  onClick={() => store.remove(search.id)}
                />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
