import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Checkbox,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ApiError } from '../../api';
import { decodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useGoBack } from '../app/useGoBack';
import { useNotify } from '../app/useToast';
import { PageThumbnail } from './PageThumbnail';
import {
  changesDocument,
  initialPageGroups,
  locatePage,
  movePage,
  movePageToNewGroup,
  pagesInOrder,
  renameGroup,
  splitGroupAt,
  stepPage,
  type PageGroups,
} from './pageGroups';
import { pageWorkErrorText } from './pageWorkErrors';
import { pagesLabelOf, partsOf, splitAvailability } from './splitPlan';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

/** The drag payload type of a page tile (its page number), so drops of files or text are ignored. */
const PAGE_DRAG_TYPE = 'application/x-datahaven-page';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    minWidth: 0,
  },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  scroll: { flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: `0 ${tokens.spacingHorizontalM}` },
  help: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalS },
  group: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  groupHeader: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  pages: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    minHeight: '60px',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalXS,
    border: '2px solid transparent',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    cursor: 'grab',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  tileSelected: { border: `2px solid ${tokens.colorBrandStroke1}` },
  dropTarget: { border: `2px dashed ${tokens.colorBrandStroke1}` },
  newDocument: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '80px',
    marginBottom: tokens.spacingVerticalM,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  message: {
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    alignItems: 'flex-start',
  },
});

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; document: DmsDocument; access: DocumentAccess };

/** What the screen shows for its two loads; once both are known they stay (a failed reload after a split keeps the result on screen). */
function loadState(docId: number, document: DmsDocument | undefined, access: DocumentAccess | undefined, error: unknown): LoadState {
  if (docId === 0) return { status: 'failed', message: MESSAGES.documentNotFound };
  if (document && access) return { status: 'ready', document, access };
  if (error)
    return {
      status: 'failed',
      message:
        error instanceof ApiError && error.status === 404 ? MESSAGES.documentNotFound : pageWorkErrorText(error, MESSAGES.unhandledError),
    };
  return { status: 'loading' };
}
type SubmitState =
  | { step: 'editing'; error: string | null }
  | { step: 'working' }
  | { step: 'done'; documents: DmsDocument[]; originalDeleted: boolean };

function draggedPage(event: DragEvent): number | null {
  if (!Array.from(event.dataTransfer.types).includes(PAGE_DRAG_TYPE)) return null;
  const page = Number.parseInt(event.dataTransfer.getData(PAGE_DRAG_TYPE), 10);
  return Number.isInteger(page) ? page : null;
}

function carriesPage(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(PAGE_DRAG_TYPE);
}

/**
 * The visual split tool (`/thumbnail-split/{docId}`, spec §2): every page as a lazily loaded
 * thumbnail; the user drags pages (or uses Alt+arrows and N) into new documents and reorders
 * them, names the documents, chooses whether to keep the original, and submits through
 * POST /documents/recombination (each document's pages as runs of consecutive pages).
 */
export function ThumbnailSplitScreen(): ReactElement {
  const styles = useStyles();
  const { docId: rawId = '' } = useParams();
  const docId = decodeDocumentId(rawId);
  const { api, loading, queryClient } = useServices();
  const goBack = useGoBack();
  const notify = useNotify();
  const [groups, setGroups] = useState<PageGroups>(initialPageGroups(0));
  const [focusedPage, setFocusedPage] = useState<number | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const [keepOriginal, setKeepOriginal] = useState(true);
  const [submit, setSubmit] = useState<SubmitState>({ step: 'editing', error: null });
  const scrollRef = useRef<HTMLDivElement>(null);
  // Set when the keyboard moved a page, so focus follows it into its new place after the re-render.
  const refocus = useRef<number | null>(null);

  // The document and its access flags through the cache (keys shared with the viewer and the
  // Split button); the screen shows a failure itself.
  const documentQuery = useQuery({
    queryKey: queryKeys.document(docId),
    queryFn: ({ signal }) => loading.track(api.documents.getDocument(docId, signal)),
    enabled: docId !== 0,
    meta: { quiet: true },
  });
  const accessQuery = useQuery({
    queryKey: queryKeys.documentAccess(docId),
    queryFn: ({ signal }) => loading.track(api.documents.getAccess(docId, signal)),
    enabled: docId !== 0,
    meta: { quiet: true },
  });
  const load = loadState(docId, documentQuery.data, accessQuery.data, documentQuery.error ?? accessQuery.error);

  // The pages start as one group when the document first shows (or its page count changed); a
  // reload of the same document leaves the user's grouping alone. Set while rendering, not in an
  // effect: an effect let one frame show "Document 1" with no pages (and a test catch it).
  const pageCount = load.status === 'ready' ? load.document.totalPages : null;
  const groupsKey = pageCount === null ? null : `${docId}:${pageCount}`;
  const [groupsFor, setGroupsFor] = useState<string | null>(null);
  if (pageCount !== null && groupsKey !== groupsFor) {
    setGroupsFor(groupsKey);
    setGroups(initialPageGroups(pageCount));
  }

  useLayoutEffect(() => {
    if (refocus.current === null) return;
    const page = refocus.current;
    refocus.current = null;
    scrollRef.current?.querySelector<HTMLElement>(`[data-page="${page}"]`)?.focus();
  });

  if (load.status !== 'ready') {
    return (
      <div className={styles.screen}>
        <div className={styles.header}>
          <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
          <Text as="h1" weight="semibold" className={styles.title}>
            {UI_TEXT.pageWork.visualSplit}
          </Text>
        </div>
        {load.status === 'loading' ? (
          <Spinner label={UI_TEXT.pageWork.openingDocument} style={{ marginTop: 32 }} />
        ) : (
          <div className={styles.message}>
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{load.message}</MessageBarBody>
            </MessageBar>
          </div>
        )}
      </div>
    );
  }

  const { document, access } = load;
  const availability = splitAvailability(document, access);
  const working = submit.step === 'working';
  const canDelete = access.delete;
  const order = pagesInOrder(groups);

  const update = (next: PageGroups, focus: number | null = null): void => {
    if (next === groups) return;
    setGroups(next);
    if (submit.step === 'editing' && submit.error) setSubmit({ step: 'editing', error: null });
    if (focus !== null) refocus.current = focus;
  };

  const onTileKeyDown = (event: KeyboardEvent<HTMLButtonElement>, page: number): void => {
    if (working) return;
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    const backward = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
    if ((forward || backward) && event.altKey) {
      event.preventDefault();
      update(stepPage(groups, page, forward ? 1 : -1), page);
      return;
    }
    if (forward || backward) {
      event.preventDefault();
      const next = order[order.indexOf(page) + (forward ? 1 : -1)];
      if (next !== undefined) scrollRef.current?.querySelector<HTMLElement>(`[data-page="${next}"]`)?.focus();
      return;
    }
    if ((event.key === 'n' || event.key === 'N') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      update(splitGroupAt(groups, page), page);
    }
  };

  const dropOnTile = (event: DragEvent<HTMLLIElement>, groupKey: number, index: number): void => {
    const page = draggedPage(event);
    if (page === null) return;
    event.preventDefault();
    event.stopPropagation();
    setDropKey(null);
    // The right half of a tile means "after it".
    const box = event.currentTarget.getBoundingClientRect();
    const after = box.width > 0 && event.clientX > box.left + box.width / 2;
    update(movePage(groups, page, { groupKey, index: index + (after ? 1 : 0) }));
  };

  const submitSplit = (): void => {
    if (!availability.allowed || !changesDocument(groups) || working) return;
    const deleteOriginal = canDelete && !keepOriginal;
    setSubmit({ step: 'working' });
    loading
      .track(
        api.pageWork.recombine({
          documents: groups.groups.map((group) => ({ parts: partsOf(document.id, group.pages), name: group.name })),
          delete: deleteOriginal,
        }),
      )
      .then(
        (documents) => {
          setSubmit({ step: 'done', documents, originalDeleted: deleteOriginal });
          // New documents in the record's folders; the original changed or went.
          void queryClient.invalidateQueries({ queryKey: queryKeys.folders });
          void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
          void queryClient.invalidateQueries({ queryKey: queryKeys.document(document.id) });
          notify(UI_TEXT.pageWork.splitDone(document.name, documents.length));
        },
        (error: unknown) => setSubmit({ step: 'editing', error: pageWorkErrorText(error) }),
      );
  };

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Text as="h1" weight="semibold" className={styles.title} title={document.name}>
          {UI_TEXT.pageWork.visualSplitOf(document.name)}
        </Text>
      </div>
      {submit.step === 'done' ? (
        <div className={styles.message} role="status">
          <Body1>{UI_TEXT.pageWork.made(submit.documents.length, submit.originalDeleted)}</Body1>
          <ul aria-label={UI_TEXT.pageWork.newDocuments}>
            {submit.documents.map((made) => (
              <li key={made.id}>{UI_TEXT.pageWork.madeDocument(made.name, made.totalPages)}</li>
            ))}
          </ul>
          <Button appearance="primary" onClick={goBack}>
            {UI_TEXT.done}
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.scroll} ref={scrollRef}>
            <Text size={200} className={styles.help}>
              {UI_TEXT.pageWork.visualSplitHelp}
            </Text>
            {!availability.allowed ? (
              <MessageBar intent="warning" layout="multiline">
                <MessageBarBody>{shownMessage(availability.message)}</MessageBarBody>
              </MessageBar>
            ) : null}
            {groups.groups.map((group, groupIndex) => {
              const label = UI_TEXT.pageWork.documentNumber(groupIndex + 1);
              const dropHere = dropKey === `group-${group.key}`;
              return (
                <section
                  key={group.key}
                  aria-label={label}
                  className={mergeClasses(styles.group, dropHere && styles.dropTarget)}
                  onDragOver={(event) => {
                    if (!carriesPage(event)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setDropKey(`group-${group.key}`);
                  }}
                  onDragLeave={() => setDropKey((current) => (current === `group-${group.key}` ? null : current))}
                  onDrop={(event) => {
                    const page = draggedPage(event);
                    if (page === null) return;
                    event.preventDefault();
                    setDropKey(null);
                    update(movePage(groups, page, { groupKey: group.key, index: group.pages.length }));
                  }}
                >
                  <div className={styles.groupHeader}>
                    <Text as="h2" weight="semibold">
                      {label}
                    </Text>
                    <Text size={200}>{UI_TEXT.pageWork.groupPages(pagesLabelOf(group.pages), group.pages.length)}</Text>
                    <Input
                      size="small"
                      aria-label={UI_TEXT.pageWork.nameOfGroup(groupIndex + 1)}
                      placeholder={UI_TEXT.pageWork.nameOptional}
                      value={group.name}
                      disabled={working}
                      onChange={(_event, data) => update(renameGroup(groups, group.key, data.value))}
                    />
                  </div>
                  <ul className={styles.pages} aria-label={UI_TEXT.pageWork.pagesOfGroup(groupIndex + 1)}>
                    {group.pages.map((page, index) => (
                      <li
                        key={page}
                        onDragOver={(event) => {
                          if (!carriesPage(event)) return;
                          event.preventDefault();
                          event.dataTransfer.dropEffect = 'move';
                        }}
                        onDrop={(event) => dropOnTile(event, group.key, index)}
                      >
                        <button
                          type="button"
                          data-page={page}
                          draggable={!working}
                          className={mergeClasses(styles.tile, focusedPage === page && styles.tileSelected)}
                          aria-label={UI_TEXT.pageWork.page(page)}
                          aria-describedby="thumbnail-split-help"
                          onFocus={() => setFocusedPage(page)}
                          onKeyDown={(event) => onTileKeyDown(event, page)}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(PAGE_DRAG_TYPE, String(page));
                            event.dataTransfer.effectAllowed = 'move';
                            setFocusedPage(page);
                          }}
                          onDragEnd={() => setDropKey(null)}
                        >
                          <PageThumbnail docId={document.id} page={page} scrollRoot={scrollRef} />
                          <Text size={200}>{UI_TEXT.pageWork.page(page)}</Text>
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
            <div
              className={mergeClasses(styles.newDocument, dropKey === 'new' && styles.dropTarget)}
              role="region"
              aria-label={UI_TEXT.pageWork.newDocument}
              onDragOver={(event) => {
                if (!carriesPage(event)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropKey('new');
              }}
              onDragLeave={() => setDropKey((current) => (current === 'new' ? null : current))}
              onDrop={(event) => {
                const page = draggedPage(event);
                if (page === null) return;
                event.preventDefault();
                setDropKey(null);
                update(movePageToNewGroup(groups, page));
              }}
            >
              <AddRegular aria-hidden />
              <span>{UI_TEXT.pageWork.dropPageHere}</span>
              {focusedPage !== null && locatePage(groups, focusedPage) !== null ? (
                <Button size="small" disabled={working} onClick={() => update(movePageToNewGroup(groups, focusedPage), focusedPage)}>
                  {UI_TEXT.pageWork.movePageToNew(focusedPage)}
                </Button>
              ) : null}
            </div>
            <span id="thumbnail-split-help" hidden>
              {UI_TEXT.pageWork.visualSplitHelp}
            </span>
          </div>
          <div className={styles.footer}>
            <Checkbox
              label={UI_TEXT.pageWork.keepOriginal}
              checked={keepOriginal || !canDelete}
              disabled={!canDelete || working}
              onChange={(_event, data) => setKeepOriginal(data.checked === true)}
            />
            {submit.step === 'editing' && submit.error ? (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>{submit.error}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Button appearance="primary" disabled={!availability.allowed || !changesDocument(groups) || working} onClick={submitSplit}>
              {working ? UI_TEXT.pageWork.splitting : UI_TEXT.pageWork.create(groups.groups.length)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
