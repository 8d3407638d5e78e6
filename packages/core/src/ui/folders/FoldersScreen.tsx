import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Switch,
  Toolbar,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { ArrowUploadRegular } from '@fluentui/react-icons/svg/arrow-upload';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { MergeRegular } from '@fluentui/react-icons/svg/merge';
import { NoteRegular } from '@fluentui/react-icons/svg/note';
import { OpenRegular } from '@fluentui/react-icons/svg/open';
import { PinRegular } from '@fluentui/react-icons/svg/pin';
import { SplitVerticalRegular } from '@fluentui/react-icons/svg/split-vertical';
import { encodeDocumentId, type DmsDocument, type DocumentEntry, type FolderEntry, type FolderNode } from '../../model';
import { isValidContext, isViewActionEnabled, isViewable } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { useServices, useStore } from '../app/DatahavenServices';
import { DeleteDocumentsButton } from '../export/DeleteDocumentsButton';
import { DownloadMenu } from '../export/DownloadMenu';
import { AttachMenu } from '../export/AttachMenu';
import { queryKeys } from '../../state/queryKeys';
import { CaptureAction } from '../capture/CaptureAction';
import { useHostContext } from '../app/useHostContext';
import { useOptionValues } from '../app/useOptionValues';
import { useNotify } from '../app/useToast';
import { prefetchPdfViewer } from '../../viewer/preparePdfViewer';
import { MergeButton } from '../pageWork/MergeButton';
import { LinkActions } from '../link/LinkActions';
import { LinkAddRegular } from '@fluentui/react-icons/svg/link-add';
import { LinkDismissRegular } from '@fluentui/react-icons/svg/link-dismiss';
import { SplitButton } from '../pageWork/SplitButton';
import { documentIdsInOrder, rangeSelection } from '../pageWork/selectionRange';
import { PinnedSearchList } from '../search/PinnedSearchList';
import { TaggingBlockedButton } from '../search/TaggingBlockedButton';
import { useSearchStores } from '../search/useSearchStores';
import { useTaggingMode } from '../search/useTaggingMode';
import { SendForApprovalButton } from '../workflow/sendForApproval/SendForApprovalButton';
import { UI_TEXT } from '../../locale/uiText';
import { FolderTree, TAGGED_ITEMS_VALUE } from './FolderTree';
import { findDocument, folderOfDocument, initiallyOpenFolders, uploadTarget } from './folderTreeModel';

const useStyles = makeStyles({
  screen: { position: 'relative', display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  toolbar: { flexWrap: 'wrap', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: `0 ${tokens.spacingHorizontalXS}` },
  scroll: { flexGrow: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' },
  section: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  muted: { color: tokens.colorNeutralForeground3 },
  notice: { margin: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, flexShrink: 0 },
  taggingNote: { padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
  pinnedTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalS },
  dropOverlay: {
    position: 'absolute',
    inset: tokens.spacingHorizontalXS,
    zIndex: 5,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    pointerEvents: 'none',
  },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The folder structure of the host's record (spec §2): the folder tree with its documents,
 * the pinned 'Tagged Items' folder and the 'Pinned Searches' list; upload by drop anywhere or by
 * the Upload button; Open / Notes / Download for the selected document. While tagging mode (shared
 * with the search pane, spec §4) is on, the single-document actions are off and clicking a document
 * tags it into 'Tagged Items' or takes it out.
 */
export function FoldersScreen(): ReactElement {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const services = useServices();
  const { host, api, loading, selection, alerts, documentExport, documentUpload, queryClient } = services;
  const { taggedItems } = useSearchStores();
  const taggedIds = useStore(taggedItems);
  const tagging = useTaggingMode();
  // Read by the folder load without making a tag change reload the record's folders.
  const taggedIdsRef = useRef(taggedIds);
  taggedIdsRef.current = taggedIds;
  const { context, revision } = useHostContext();
  const options = useOptionValues();
  const { single: selectedDocId } = useStore(selection);
  const [openItems, setOpenItems] = useState<string[]>([]);
  const [selectedFolderId, setSelectedFolderId] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const validContext = context !== null && isValidContext(context);

  // The record's folders, from the query cache; read again when the host's context is read again (revision) or after uploads, splits and deletes.
  const structure = useQuery({
    queryKey: [...queryKeys.folderStructure(context ?? {}), revision],
    queryFn: ({ signal }) => loading.track(api.documents.getFolderTree(context ?? {}, undefined, signal)),
    enabled: validContext,
    placeholderData: keepPreviousData,
    // While the ERP's related records are missing, coming back to the window asks again (the app does not refetch on focus otherwise).
    refetchOnWindowFocus: (query) => query.state.data?.relatedUnavailable != null,
  });
  const entries: FolderEntry[] | null =
    context === null ? null : !validContext ? [] : (structure.data?.entries ?? (structure.isError ? [] : null));
  const loaded = structure.data?.entries;
  // The ERP could not name the record's related records: the tree shows what the product holds, and this says why the rest is missing.
  const relatedUnavailable = validContext ? (structure.data?.relatedUnavailable ?? null) : null;
  useEffect(() => {
    if (!loaded) return;
    // Keep the selection when coming back from the viewer; drop what this record does not hold (a record switch).
    const kept = selection
      .getSnapshot()
      .ids.filter((docId) => findDocument(loaded, docId) !== null || taggedIdsRef.current.includes(docId));
    selection.set(kept);
    setOpenItems((current) => {
      const known = new Set(current);
      return [...current, ...initiallyOpenFolders(loaded).filter((id) => !known.has(id))];
    });
  }, [loaded, selection]);
  const reloadFolders = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.folders }), [queryClient]);

  // 'Tagged Items' lists the tagged documents the user may still see (the server leaves out the rest), in tagging order.
  const tagged = useQuery({
    queryKey: queryKeys.documentList(taggedIds),
    queryFn: ({ signal }) => api.documents.getDocuments(taggedIds, signal),
    enabled: taggedIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const taggedEntries = useMemo<DocumentEntry[]>(() => {
    if (taggedIds.length === 0 || !tagged.data) return [];
    const byId = new Map(tagged.data.map((document) => [document.id, document]));
    return taggedIds.flatMap((id) => {
      const document = byId.get(id);
      return document ? [{ type: 'document' as const, id, name: document.name, document }] : [];
    });
  }, [taggedIds, tagged.data]);

  // The parent hears about every selection change (spec §7 PUT /selected-documents).
  const { ids: selectedIds } = useStore(selection);
  useEffect(() => {
    host
      .notifySelectedDocuments([...selectedIds])
      .catch((error: unknown) => console.warn('Could not tell the host about the selection.', error));
  }, [host, selectedIds]);

  const selectedEntry =
    entries && selectedDocId !== null
      ? (findDocument(entries, selectedDocId) ?? taggedEntries.find((entry) => entry.id === selectedDocId) ?? null)
      : null;
  const viewEnabled = isViewActionEnabled(host.getClientType());
  const selectedDocuments = useMemo(() => (selectedEntry ? [selectedEntry.document] : []), [selectedEntry]);
  // Link to Existing judges the whole selection ('only one unlinked document at a time').
  const selectedLinkDocuments = useMemo(
    () =>
      selectedIds.length <= 1
        ? selectedDocuments
        : selectedIds.flatMap((id) => {
            const entry = (entries ? findDocument(entries, id) : null) ?? taggedEntries.find((candidate) => candidate.id === id) ?? null;
            return entry ? [entry.document] : [];
          }),
    [selectedIds, selectedDocuments, entries, taggedEntries],
  );

  const openDocument = useCallback(
    (document: DmsDocument) => {
      // Opening is a single-document action: off while tagging (Enter and double-click included).
      if (!options || tagging.on) return;
      const viewability = isViewable(document, options);
      if (viewability.viewable) {
        if (viewEnabled) navigate(`/viewer/${encodeDocumentId(document.id)}`);
        return;
      }
      if (viewability.reason === 'tooBig') {
        alerts.push(MESSAGES.fileTooBigToView, 'warning');
        return;
      }
      // Not a type the viewer shows: hand it to the browser instead (spec §2).
      loading.track(documentExport.saveOriginal(document)).catch((error: unknown) => alerts.report(error));
    },
    [options, tagging.on, viewEnabled, navigate, alerts, loading, documentExport],
  );

  const startUploads = useCallback(
    (files: readonly File[], folder: FolderNode | null) => {
      if (files.length === 0) return;
      if (folder) setOpenItems((current) => (current.includes(folder.id) ? current : [...current, folder.id]));
      try {
        documentUpload.upload(files, { folder, record: context, fileUploadSizeLimit: options?.fileUploadSizeLimit ?? 0 }, (item) => {
          if (item.state !== 'done') return;
          notify(UI_TEXT.folders.uploaded(item.fileName));
          reloadFolders();
        });
      } catch (error) {
        alerts.push(error instanceof Error ? error.message : MESSAGES.cannotCompleteImport, 'error');
      }
    },
    [alerts, context, documentUpload, notify, options, reloadFolders],
  );

  const chosenFolderId =
    selectedFolderId ?? (entries && selectedDocId !== null ? (folderOfDocument(entries, selectedDocId)?.id ?? null) : null);
  const target = entries ? uploadTarget(entries, chosenFolderId) : null;

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    if (!entries) return;
    const over =
      event.target instanceof Element ? (event.target.closest('[data-folder-id]')?.getAttribute('data-folder-id') ?? null) : null;
    startUploads(Array.from(event.dataTransfer.files), uploadTarget(entries, over ?? chosenFolderId));
  };

  const pinnedSearches = useMemo(
    () => (
      <section className={styles.section} aria-labelledby="pinned-searches-title">
        <Subtitle2 as="h2" id="pinned-searches-title" className={styles.pinnedTitle}>
          <PinRegular aria-hidden /> {MESSAGES.pinnedSearches}
        </Subtitle2>
        <PinnedSearchList />
      </section>
    ),
    [styles],
  );

  return (
    <div
      className={styles.screen}
      onDragEnter={(event) => {
        if (!hasFiles(event) || !validContext) return;
        dragDepth.current++;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (hasFiles(event) && validContext) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Toolbar aria-label={UI_TEXT.folders.documentActions} className={styles.toolbar} size="small">
        <Button
          appearance="primary"
          icon={<ArrowUploadRegular />}
          disabled={!target}
          title={target ? UI_TEXT.folders.uploadInto(target.name) : undefined}
          onClick={() => fileInput.current?.click()}
        >
          {UI_TEXT.folders.upload}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          aria-label={UI_TEXT.folders.chooseFiles}
          className={styles.visuallyHidden}
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            startUploads(files, target);
          }}
        />
        {tagging.on ? (
          <>
            <TaggingBlockedButton label={UI_TEXT.open} icon={<OpenRegular />} />
            <TaggingBlockedButton label={UI_TEXT.notes.title} icon={<NoteRegular />} />
            <TaggingBlockedButton label={UI_TEXT.export.download} icon={<ArrowDownloadRegular />} />
            <TaggingBlockedButton label={UI_TEXT.export.delete} icon={<DeleteRegular />} />
            <TaggingBlockedButton label={UI_TEXT.pageWork.split} icon={<SplitVerticalRegular />} />
            <TaggingBlockedButton label={UI_TEXT.pageWork.merge} icon={<MergeRegular />} />
            <TaggingBlockedButton label={UI_TEXT.link.linkToExisting} icon={<LinkAddRegular />} />
            <TaggingBlockedButton label={UI_TEXT.link.breakLink} icon={<LinkDismissRegular />} />
          </>
        ) : (
          <>
            <Button
              appearance="subtle"
              icon={<OpenRegular />}
              disabled={!selectedEntry || !viewEnabled}
              onClick={() => selectedEntry && openDocument(selectedEntry.document)}
            >
              {UI_TEXT.open}
            </Button>
            <Button
              appearance="subtle"
              icon={<NoteRegular />}
              disabled={!selectedEntry}
              onClick={() => selectedEntry && navigate(`/notes/${encodeDocumentId(selectedEntry.id)}`)}
            >
              {UI_TEXT.notes.title}
            </Button>
            <DownloadMenu documents={selectedDocuments} />
            <AttachMenu documents={selectedDocuments} />
            <DeleteDocumentsButton
              documents={selectedDocuments}
              onDeleted={() => {
                selection.set([]);
                reloadFolders();
              }}
            />
            <SplitButton docId={selectedIds.length === 1 ? selectedIds[0] : null} onSplit={reloadFolders} />
            <MergeButton docIds={selectedIds} />
            <LinkActions documents={selectedLinkDocuments} onLinkBroken={reloadFolders} />
            {/* The record's own documents go on to approval from here (issue 38): no trip to the queue. */}
            <SendForApprovalButton variant="toolbar" documents={selectedDocuments} onSent={reloadFolders} />
            <CaptureAction context={context} />
          </>
        )}
        {tagging.available === true ? (
          <Switch label={UI_TEXT.taggingMode} checked={tagging.on} onChange={(_event, data) => tagging.setOn(data.checked)} />
        ) : null}
      </Toolbar>
      {tagging.on ? (
        <Caption1 as="p" className={styles.taggingNote} role="note">
          {UI_TEXT.folders.taggingNote}
        </Caption1>
      ) : null}
      {relatedUnavailable !== null ? (
        <MessageBar intent="warning" layout="multiline" politeness="polite" role="status" className={styles.notice}>
          <MessageBarBody>
            <MessageBarTitle>{UI_TEXT.folders.relatedUnavailable}</MessageBarTitle> {relatedUnavailable}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" disabled={structure.isFetching} onClick={() => void structure.refetch()}>
              {UI_TEXT.folders.retry}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <div className={styles.scroll}>
        {context === null || entries === null ? (
          <Spinner size="small" label={UI_TEXT.folders.loadingFolders} className={styles.section} />
        ) : !validContext ? (
          <div className={styles.section} role="status">
            <Body1>{UI_TEXT.folders.noRecord}</Body1>
          </div>
        ) : (
          <FolderTree
            entries={entries}
            taggedEntries={taggedEntries}
            openItems={openItems}
            onOpenItemsChange={setOpenItems}
            selectedDocId={selectedDocId}
            selectedDocIds={selectedIds}
            selectedFolderId={chosenFolderId}
            onSelectDocument={(document, folderId, mode = 'replace') => {
              // Ctrl-click and Shift-click build a multi-selection (Merge); the rest below is for a single document.
              if (mode === 'toggle') {
                selection.toggle(document.id);
                return;
              }
              if (mode === 'range') {
                const current = selection.getSnapshot().ids;
                selection.set(rangeSelection(documentIdsInOrder([...taggedEntries, ...entries]), current[0] ?? null, document.id));
                return;
              }
              selection.set([document.id]);
              if (tagging.on) {
                // Tagging mode: the click also tags the document into 'Tagged Items' or takes it out, as in the search pane.
                const tagged = taggedItems.toggle(document.id);
                notify(tagged ? UI_TEXT.taggedInto(document.name) : UI_TEXT.removedFromTagged(document.name), 'info');
              }
              // Fetch the viewer's code while the user decides, so Open shows the first page sooner.
              void import('../viewer/ViewerScreen').catch(() => undefined);
              prefetchPdfViewer();
              // A tagged document belongs to no folder of this record: uploads keep their usual target.
              if (folderId === TAGGED_ITEMS_VALUE) setSelectedFolderId(null);
              else setSelectedFolderId(folderId === '' ? (folderOfDocument(entries, document.id)?.id ?? null) : folderId);
            }}
            onSelectFolder={(folderId) => {
              selection.clear();
              setSelectedFolderId(folderId);
            }}
            onOpenDocument={openDocument}
          />
        )}
        {pinnedSearches}
      </div>
      {dragging ? (
        <div className={styles.dropOverlay} aria-hidden>
          {UI_TEXT.folders.dropFiles}
        </div>
      ) : null}
    </div>
  );
}
