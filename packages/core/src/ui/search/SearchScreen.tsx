import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Body1, Button, Caption1, Spinner, Subtitle2, Switch, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { SaveRegular } from '@fluentui/react-icons/svg/save';
import { LIMITS, encodeDocumentId, type DmsDocument, type PrivilegeName, type SearchTag } from '../../model';
import { isViewActionEnabled, isViewable } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import type { SavedSearch, SavedSearchSort } from '../../state/SavedSearchStore';
import { useServices, useStore } from '../app/DatahavenServices';
import { useGoBack } from '../app/useGoBack';
import { queryKeys } from '../../state/queryKeys';
import { useOptionValues } from '../app/useOptionValues';
import { useNotify } from '../app/useToast';
import { SavedSearchList } from './SavedSearchList';
import { SearchBox } from './SearchBox';
import { SearchNameForm } from './SearchNameForm';
import { SEARCH_EXPORT_COLUMNS, SearchResults } from './SearchResults';
import { SpreadsheetExportMenu } from '../export/SpreadsheetExportMenu';
import { readFlag, readSearchLink, searchLink } from './searchLink';
import { searchStoresOf } from './searchStores';
import { useSignedInUser } from './useSignedInUser';
import { tagLabel } from './searchTagOptions';
import { useSearchResults } from './useSearchResults';
import { useTaggingMode } from './useTaggingMode';
import { WorkflowPreferences } from '../../state/WorkflowPreferences';
import { PaneSplitter } from '../shell/PaneSplitter';
import { useInlineViewerPane } from '../shell/useInlineViewerPane';
import { DocumentViewer } from '../viewer/DocumentViewer';
import { DownloadMenu } from '../export/DownloadMenu';
import { AttachMenu } from '../export/AttachMenu';
import { MergeButton } from '../pageWork/MergeButton';
import { UI_TEXT } from '../../locale/uiText';

/** Either one lets the search box offer note searches. */
const NOTES_PRIVILEGES: readonly PrivilegeName[] = ['Notes: View Only', 'Notes: View Admin'];

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
  box: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  toolbar: { flexWrap: 'wrap', padding: `0 ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  scroll: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    overflowX: 'hidden',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  resultsHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
  split: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  previewPane: { display: 'flex', flexDirection: 'column', minHeight: 0, flexShrink: 0, overflow: 'hidden' },
});

/** Which screen shows the pane: the /search route, or the /portal/search popup. */
export type SearchScreenVariant = 'route' | 'popup';

/** Props of SearchScreen. */
export interface SearchScreenProps {
  /** The /portal/search popup opens documents in the viewer window instead of navigating away. */
  variant?: SearchScreenVariant;
}

/** What was searched, as the user put it: its chips and words. */
function searchedText(tags: readonly SearchTag[], q: string): string {
  return [...tags.map(tagLabel), q.trim()].filter((part) => part !== '').join(' ');
}

/** The name a new saved search gets: its chips and words. */
function defaultName(tags: readonly SearchTag[], q: string): string {
  return searchedText(tags, q).slice(0, 80);
}

/**
 * The search pane (spec §2 `/search?embedded=&allowSave=`, and the `/portal/search` popup): a
 * TagPicker search box with suggestions, the results 30 at a time with more on scroll, sortable
 * columns and the count; open or select a result; saved searches (run, rename, delete, pin) with
 * 'First 50 Results' above fifty; tagging mode for users with the 'Cabinet: Tagging' privilege.
 */
export function SearchScreen({ variant = 'route' }: SearchScreenProps): ReactElement {
  const styles = useStyles();
  const services = useServices();
  const { host, api, alerts, loading, selection, capabilities, documentExport } = services;
  const user = useSignedInUser();
  const stores = searchStoresOf(services, user);
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = useGoBack();
  const notify = useNotify();
  const options = useOptionValues();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const embedded = readFlag(params, 'embedded', false);
  const allowSave = readFlag(params, 'allowSave', true);

  const initial = useRef(readSearchLink(params));
  // `saved=<id>` (a pinned search) opens that saved search once the user's searches are known.
  const pendingSaved = useRef(params.get('saved'));
  const [tags, setTags] = useState<SearchTag[]>(initial.current.tags);
  const [text, setText] = useState(initial.current.q);
  const [sort, setSort] = useState<SavedSearchSort | null>(initial.current.sort);
  const [activeSavedId, setActiveSavedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const saved = useStore(stores.savedSearches);
  const taggedIds = useStore(stores.taggedItems);
  const tagging = useTaggingMode();
  const { ids: selectedIds } = useStore(selection);
  const results = useSearchResults(tags, text, sort);

  // The inline pane (issue 5 "open in the viewer or the inline pane"): the one selected result,
  // with the same Autoview switch and pane size as the workflow's queue screen (spec §3 local storage).
  const preferences = useMemo(() => new WorkflowPreferences(host.storage.local), [host]);
  const pane = useInlineViewerPane(preferences);
  const { autoview, size: paneSize, visible: paneVisible, splitRef } = pane;
  const previewId =
    selectedIds.length === 1 && results.documents.some((document) => document.id === selectedIds[0]) ? selectedIds[0] : null;
  const activeSaved = saved.find((search) => search.id === activeSavedId) ?? null;

  // Either notes privilege lets the box suggest note searches; without an answer it does not (no alert of its own).
  const notesPrivileges = useQuery({
    queryKey: queryKeys.privileges(NOTES_PRIVILEGES),
    queryFn: () => api.privileges.canActions(NOTES_PRIVILEGES),
    meta: { quiet: true },
  });
  const canSearchNotes = notesPrivileges.data?.some((answer) => answer.value) === true;

  // The URL follows the search (replace, not push), so a reload or the restored last route shows it again.
  useEffect(() => {
    const extra: Record<string, string> = {};
    for (const name of ['embedded', 'allowSave', 'dataAreaId']) {
      const value = params.get(name);
      if (value !== null) extra[name] = value;
    }
    // The active saved search stays in the URL, so a reload reopens it as that saved search.
    if (activeSavedId !== null) extra.saved = activeSavedId;
    const next = searchLink({ tags, q: text, sort }, extra);
    const path = variant === 'popup' ? next.replace(/^\/search/, '/portal/search') : next;
    if (path !== location.pathname + location.search) navigate(path, { replace: true });
  }, [tags, text, sort, activeSavedId, params, variant, navigate, location.pathname, location.search]);

  // A saved search that ran again keeps its newest results and count (UX.md: their counts refresh).
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!activeSaved || !results.current || results.searching || refreshedFor.current === activeSaved.id) return;
    refreshedFor.current = activeSaved.id;
    const loadedIds = results.documents.map((document) => document.id);
    const complete = loadedIds.length >= Math.min(results.total, LIMITS.savedSearchShownMax);
    stores.savedSearches.refreshResults(activeSaved.id, complete ? loadedIds : activeSaved.documents, results.total);
  }, [activeSaved, results.current, results.searching, results.documents, results.total, stores.savedSearches]);

  // Opening `saved=<id>` runs that saved search and marks it active; an id the user does not have opens an empty pane.
  useEffect(() => {
    const id = pendingSaved.current;
    if (id === null || user === null) return;
    pendingSaved.current = null;
    const search = stores.savedSearches.get(id);
    if (!search) return;
    refreshedFor.current = null;
    setTags(search.tags.map((tag) => ({ ...tag })));
    setText(search.q);
    setSort(search.sort);
    setActiveSavedId(search.id);
  }, [user, stores]);

  const changeTags = (next: SearchTag[]): void => {
    setTags(next);
    setActiveSavedId(null);
  };
  const changeText = (next: string): void => {
    setText(next);
    if (next.trim() !== text.trim()) setActiveSavedId(null);
  };

  const runSaved = (search: SavedSearch): void => {
    refreshedFor.current = null;
    setTags(search.tags.map((tag) => ({ ...tag })));
    setText(search.q);
    setSort(search.sort);
    setActiveSavedId(search.id);
  };

  const viewEnabled = isViewActionEnabled(host.getClientType());
  const openDocument = useCallback(
    (document: DmsDocument) => {
      if (!options) return;
      const viewability = isViewable(document, options);
      if (viewability.viewable) {
        if (!viewEnabled) return;
        // The searched words travel along, so the viewer highlights them on the pages.
        const words = text.trim();
        const path = `/viewer/${encodeDocumentId(document.id)}${words === '' ? '' : `?find=${encodeURIComponent(words)}`}`;
        if (variant === 'popup') {
          // Spec §2: the viewer window opens at screen height minus 100 and half the screen width.
          capabilities.openUrl(path, {
            name: 'datahaven-viewer',
            features: ({ height, width }) => `height=${Math.max(200, height - 100)},width=${Math.round(width / 2)}`,
          });
        } else {
          navigate(path);
        }
        return;
      }
      if (viewability.reason === 'tooBig') {
        alerts.push(MESSAGES.fileTooBigToView, 'warning');
        return;
      }
      loading.track(documentExport.saveOriginal(document)).catch((error: unknown) => alerts.report(error));
    },
    [options, viewEnabled, variant, capabilities, navigate, alerts, loading, documentExport, text],
  );

  const onRowClick = (document: DmsDocument): void => {
    if (tagging.on) {
      const tagged = stores.taggedItems.toggle(document.id);
      notify(tagged ? UI_TEXT.taggedInto(document.name) : UI_TEXT.removedFromTagged(document.name), 'info');
      return;
    }
    selection.set([document.id]);
  };

  const saveSearch = async (name: string): Promise<void> => {
    try {
      const documents = await results.firstIds(LIMITS.savedSearchShownMax);
      const search = stores.savedSearches.save({ name, tags, q: text, sort, documents, total: results.total });
      setActiveSavedId(search.id);
      refreshedFor.current = search.id;
      setSaving(false);
      notify(UI_TEXT.search.savedSearch(search.name), 'success');
    } catch (error) {
      alerts.report(error);
    }
  };

  const selectedDocuments = useMemo(
    () => results.documents.filter((document) => selectedIds.includes(document.id)),
    [results.documents, selectedIds],
  );

  // Esc clears the selection first, then the search (chips and words); an open suggestion list or
  // dialog takes its own Esc before this sees it.
  const onScreenKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="listbox"], [role="search"]')) return;
    if (selectedIds.length > 0) {
      selection.set([]);
      event.preventDefault();
    } else if (tags.length > 0 || text !== '') {
      changeTags([]);
      changeText('');
      event.preventDefault();
    }
  };

  const idle = results.idle;
  const canSave = allowSave && !idle && results.current;

  return (
    <div className={styles.screen} onKeyDown={onScreenKeyDown}>
      {variant === 'popup' || !embedded ? (
        <div className={styles.header}>
          {variant === 'route' ? (
            <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={goBack}>
              {UI_TEXT.back}
            </Button>
          ) : null}
          <Subtitle2 as="h1">{UI_TEXT.search.search}</Subtitle2>
        </div>
      ) : null}
      <div className={styles.box}>
        <SearchBox tags={tags} onTagsChange={changeTags} text={text} onTextChange={changeText} canSearchNotes={canSearchNotes} />
      </div>
      <Toolbar aria-label={UI_TEXT.search.searchActions} size="small" className={styles.toolbar}>
        {allowSave ? (
          <Button appearance="subtle" icon={<SaveRegular />} disabled={!canSave || saving} onClick={() => setSaving(true)}>
            {UI_TEXT.search.saveSearch}
          </Button>
        ) : null}
        {tagging.available ? (
          <Switch label={UI_TEXT.taggingMode} checked={tagging.on} onChange={(_event, data) => tagging.setOn(data.checked)} />
        ) : null}
        <DownloadMenu documents={selectedDocuments} />
        <AttachMenu documents={selectedDocuments} />
        <MergeButton docIds={selectedIds} />
        {/* The whole result, not the selection (issue 40 item 7): the result list's columns in its order. */}
        <SpreadsheetExportMenu
          columns={SEARCH_EXPORT_COLUMNS}
          empty={results.total === 0}
          exporter={(request) => api.spreadsheets.searchResults({ q: text, tags, sort: sort?.key, desc: sort?.desc }, request)}
        />
        {selectedIds.length > 1 ? <Caption1 className={styles.muted}>{UI_TEXT.selectedCount(selectedIds.length)}</Caption1> : null}
        <Switch
          label={UI_TEXT.autoview}
          checked={autoview}
          onChange={(_event, data) => {
            pane.setAutoview(data.checked);
          }}
        />
      </Toolbar>
      {saving ? (
        <div className={styles.box}>
          <SearchNameForm
            label={UI_TEXT.search.savedSearchName}
            confirmLabel={UI_TEXT.search.saveSearch}
            initialName={defaultName(tags, text)}
            onCancel={() => setSaving(false)}
            onConfirm={saveSearch}
          />
        </div>
      ) : null}
      <div className={styles.split} ref={splitRef}>
        {/* A region of its own that takes the focus: in a short pane (Outlook's, a phone) it scrolls
            while it may hold nothing else focusable (no saved searches, no results yet), and keys
            must still scroll it (axe scrollable-region-focusable, issue 38). */}
        <div className={styles.scroll} role="region" aria-labelledby="search-results-title" tabIndex={0}>
          {allowSave ? <SavedSearchList searches={saved} store={stores.savedSearches} activeId={activeSavedId} onRun={runSaved} /> : null}
          <div className={styles.resultsHeader}>
            <Subtitle2 as="h2" id="search-results-title">
              {UI_TEXT.search.searchResults}
            </Subtitle2>
            {!idle && results.current ? (
              <Caption1 role="status" aria-live="polite">
                {UI_TEXT.search.documentsFound(results.total)}
              </Caption1>
            ) : null}
            {activeSaved?.overFifty ? <Caption1 className={styles.muted}>{MESSAGES.firstFiftyResults}</Caption1> : null}
            {results.searching ? <Spinner size="extra-tiny" aria-label={UI_TEXT.search.searchingProgress} /> : null}
          </div>
          {tagging.on ? (
            <Caption1 as="p" className={styles.empty}>
              {UI_TEXT.search.taggingNote}
            </Caption1>
          ) : null}
          {idle ? (
            <Body1 as="p" className={styles.empty} role="status">
              {UI_TEXT.search.typeToSearch}
            </Body1>
          ) : results.current || results.documents.length > 0 ? (
            <SearchResults
              labelledBy="search-results-title"
              documents={results.documents}
              snippets={results.snippets}
              sort={sort}
              onSortChange={setSort}
              selectedIds={selectedIds}
              onToggleSelected={(document) => selection.toggle(document.id)}
              onRowClick={onRowClick}
              onOpen={openDocument}
              taggingOn={tagging.on}
              taggedIds={taggedIds}
              stale={!results.current}
              hasMore={results.hasMore}
              loadingMore={results.loadingMore}
              onLoadMore={results.loadMore}
              emptyText={UI_TEXT.search.noMatch(searchedText(tags, text))}
            />
          ) : (
            <Spinner size="small" label={UI_TEXT.search.searching} className={styles.empty} />
          )}
        </div>
        {autoview && tagging.on ? (
          // Clicks tag documents while tagging is on, so the pane would show a document nobody chose to open.
          <Caption1 as="p" className={styles.empty} role="note">
            {UI_TEXT.search.taggingHidesViewer}
          </Caption1>
        ) : autoview && previewId !== null && !paneVisible ? (
          <div className={styles.box}>
            <Button appearance="subtle" size="small" icon={<EyeRegular />} onClick={pane.show}>
              {UI_TEXT.showViewer}
            </Button>
          </div>
        ) : autoview && previewId !== null ? (
          <>
            <PaneSplitter percent={paneSize} onChange={pane.resize} container={() => splitRef.current} />
            <section className={styles.previewPane} style={{ height: `${paneSize}%` }} aria-label={UI_TEXT.documentViewer}>
              <DocumentViewer docId={previewId} headingLevel="h2" keyScope="element" highlightWords={text} />
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
