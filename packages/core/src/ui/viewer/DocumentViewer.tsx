import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowMaximizeRegular } from '@fluentui/react-icons/svg/arrow-maximize';
import { ArrowMinimizeRegular } from '@fluentui/react-icons/svg/arrow-minimize';
import { ApiError, type DocumentView } from '../../api';
import type { DmsDocument } from '../../model';
import { isViewable, type OptionValues } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { ImageViewer } from '../../viewer/ImageViewer';
import type { PDFWorker } from 'pdfjs-dist';
import { PdfViewer, type FindResult, type PageRequest } from '../../viewer/PdfViewer';
import { useFirstChunk } from '../../viewer/useFirstChunk';
import type { FindMode, FindRequest } from '../../viewer/findInText';
import type { FitMode } from '../../viewer/pageLayout';
import { FindBar } from './FindBar';
import { NotesPanel } from '../notes/NotesPanel';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { preparePdfViewer } from '../../viewer/preparePdfViewer';
import type { RangeFetcher } from '../../viewer/rangeSource';
import { ThumbnailSidebar } from '../../viewer/ThumbnailSidebar';
import { MAX_SCALE, clampPage, normalizeRotation, stepZoom } from '../../viewer/pageLayout';
import { DOUBLE_TAP_FACTOR } from '../../viewer/touchZoom';
import { usePhoneLayout } from '../workflow/phone/phoneLayout';
import { useTouchZoom } from './useTouchZoom';
import { isTypingTarget, viewerCommandForKey, type ViewerCommand } from '../../viewer/viewerKeys';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useServices } from '../app/DatahavenServices';
import { useOptionValues } from '../app/useOptionValues';
import { queryKeys } from '../../state/queryKeys';
import { PossibleDuplicatesBar } from '../duplicates/PossibleDuplicatesBar';
import { ViewerToolbar } from './ViewerToolbar';
import { SendForApprovalButton } from '../workflow/sendForApproval/SendForApprovalButton';
import { DocumentRejectionBar } from '../workflow/rejection/DocumentRejectionBar';
import { ViewerExportActions } from '../export/ViewerExportActions';
import { EvidencePacketButton } from '../export/EvidencePacketButton';
import { HistoryExportMenu } from '../export/HistoryExportMenu';
import { ViewerLinkActions } from '../link/ViewerLinkActions';
import { AnnotationToolbar } from './AnnotationToolbar';
import { AnnotationPageLayer } from './AnnotationPageLayer';
import { useAnnotationEditor } from './useAnnotationEditor';
import type { PageView } from '../../viewer/annotations/annotationGeometry';
import { LockPopover } from '../workflow/lockPanel/LockPopover';
import { PropertiesToggleButton, ViewerPropertiesPane } from '../properties/ViewerPropertiesPane';
import { UI_TEXT } from '../../locale/uiText';

const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png'];

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  // Expanded: the viewer covers the whole frame the host gives (its list and side panes stay mounted underneath, so nothing is lost on the way back).
  expanded: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    minWidth: 0,
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // Touch pans the pages; pinch and double tap are the viewer's zoom (useTouchZoom), never the page's.
  body: { display: 'flex', flexGrow: 1, minHeight: 0, touchAction: 'pan-x pan-y' },
  notes: {
    width: '340px',
    maxWidth: '45%',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  message: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    alignItems: 'flex-start',
  },
});

type ViewState =
  | { status: 'loading' }
  /** `download`: a type the viewer cannot show, downloaded instead. */
  | { status: 'failed'; message: string; download?: DmsDocument }
  | { status: 'ready'; view: DocumentView; options: OptionValues };

/** What the viewer shows for the view query's answer (or failure), the options, and a failure of the file itself. */
function viewState(
  id: number,
  view: DocumentView | undefined,
  error: unknown,
  options: OptionValues | null,
  fileFailure: string | null,
): ViewState {
  if (id === 0) return { status: 'failed', message: MESSAGES.documentNotFound };
  if (error && !(error instanceof ApiError && error.kind === 'aborted')) {
    return { status: 'failed', message: error instanceof ApiError && error.status === 404 ? MESSAGES.documentNotFound : errorText(error) };
  }
  if (!view || !options) return { status: 'loading' };
  const byType = isViewable(view.document, options);
  // The server may know better than the type: an e-invoice XML it cannot read has no readable view.
  const viewability = byType.viewable && !view.viewable ? ({ viewable: false, reason: 'unsupported' } as const) : byType;
  if (!viewability.viewable) {
    if (viewability.reason === 'tooBig') return { status: 'failed', message: MESSAGES.fileTooBigToView };
    return { status: 'failed', message: UI_TEXT.viewer.notShownDownloaded(view.document.name), download: view.document };
  }
  if (fileFailure !== null) return { status: 'failed', message: fileFailure };
  return { status: 'ready', view, options };
}

/** Whether the document is shown as an image (one page) rather than through pdf.js. */
function isImage(document: DmsDocument): boolean {
  return IMAGE_EXTENSIONS.includes(document.extension.toLowerCase());
}

/** Props of DocumentViewer. */
export interface DocumentViewerProps {
  /** The document to show; 0 (an id that did not decode) shows 'not found'. */
  docId: number;
  /** Shows a Back button that calls this; none when absent (single-use windows, inline panes). */
  onBack?: () => void;
  /** Heading level of the document name: h1 on its own screen, h2 inside another screen. */
  headingLevel?: 'h1' | 'h2';
  /**
   * Where the page keys listen: the whole window on the viewer screen, or only this viewer's
   * element when it is a pane beside a list whose own arrow and Space keys must keep working.
   */
  keyScope?: 'window' | 'element';
  /** Words a full-text search matched: highlighted when the document opens (the find bar shows them). */
  highlightWords?: string;
  /**
   * Offers "Open full width": the viewer over the whole frame and back (Esc or the same button).
   * Default: an inline pane (keyScope 'element') offers it; the viewer screen is full width already.
   */
  expandable?: boolean;
  /**
   * Shows why a rejected workflow document was rejected, at its top (default). Off where the screen
   * shows the bar itself from its own rows (the queue's list beside the viewer).
   */
  rejectionBar?: boolean;
}

/**
 * The document viewer: opens the document through GET /documents/{id}/view (which records
 * 'VIEWED'; a query, queryKeys.documentView), then shows PDFs, TIFF and BMP (as PDF) through
 * pdf.js and JPEG/PNG directly, with page navigation, zoom, rotation, fit to width, thumbnails
 * and the page keys of UX.md. Types the viewer cannot show are downloaded. Used by ViewerScreen
 * and the workflow's inline pane.
 */
export function DocumentViewer({
  docId: id,
  onBack,
  headingLevel = 'h1',
  keyScope = 'window',
  highlightWords,
  expandable = keyScope === 'element',
  rejectionBar = true,
}: DocumentViewerProps): ReactElement {
  const styles = useStyles();
  const rootRef = useRef<HTMLDivElement>(null);
  const { api, alerts, loading, documentExport } = useServices();
  const queryClient = useQueryClient();
  const options = useOptionValues();
  /** The page count pdf.js reported for the shown PDF. */
  const [pdfPageCount, setPdfPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [pageRequest, setPageRequest] = useState<PageRequest>({ page: 1, seq: 0 });
  const [zoom, setZoom] = useState(1);
  const [effectiveScale, setEffectiveScale] = useState(1);
  /** undefined until the user picks: then the option 'fit to width by default' decides. */
  const [fitChoice, setFitChoice] = useState<FitMode | null | undefined>(undefined);
  const [findOpen, setFindOpen] = useState(false);
  const [findQuery, setFindQuery] = useState('');
  const [findMode, setFindMode] = useState<FindMode>('phrase');
  const [findActive, setFindActive] = useState(0);
  const [findResult, setFindResult] = useState<FindResult>({ total: 0, complete: true });
  const [findFocusSeq, setFindFocusSeq] = useState(0);
  const [notesOpen, setNotesOpen] = useState(false);
  // Opened (from the toolbar or its More panel), the notes panel takes focus: it is what the user asked for.
  const notesRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (notesOpen) notesRef.current?.focus();
  }, [notesOpen]);
  const [rotation, setRotation] = useState(0);
  const [thumbnails, setThumbnails] = useState(false);
  const [worker, setWorker] = useState<PDFWorker | null | undefined>(undefined);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // On a phone the viewer's tools wait behind More and the annotation toolbar until asked for (issue 38).
  const compact = usePhoneLayout(rootRef);
  const [annotateOpen, setAnnotateOpen] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  // A narrow side pane is no place to read an invoice: expanded, the viewer covers the frame until undone.
  const [expanded, setExpanded] = useState(false);

  // The document's metadata is server state (the query cache); the bytes stay with pdf.js (PdfViewer, useFirstChunk).
  const viewQuery = useQuery({
    queryKey: queryKeys.documentView(id),
    queryFn: ({ signal }) => loading.track(api.documents.viewDocument(id, signal)),
    enabled: id !== 0,
    // The viewer shows its own failure (below), as it always did; the alert area stays for the rest.
    meta: { quiet: true },
  });
  /** A failure of pdf.js or the image for the shown id: the file itself, not the call that opened it. */
  const [viewerFailure, setViewerFailure] = useState<{ id: number; message: string } | null>(null);
  const state = viewState(id, viewQuery.data, viewQuery.error, options, viewerFailure?.id === id ? viewerFailure.message : null);

  // An image is one page; a PDF has the pages pdf.js counted.
  const pageCount = state.status === 'ready' && isImage(state.view.document) ? 1 : pdfPageCount;

  // A new document starts on page 1 with no page count yet.
  const downloadedFor = useRef<number | null>(null);
  useEffect(() => {
    setPdfPageCount(0);
    setPage(1);
    downloadedFor.current = null;
  }, [id]);

  // A type the viewer cannot show is downloaded instead, once per opening (a refetch of the view does not download it again).
  const notShown = state.status === 'failed' && state.download ? state.download : null;
  useEffect(() => {
    if (!notShown || downloadedFor.current === notShown.id) return;
    downloadedFor.current = notShown.id;
    documentExport.saveOriginal(notShown).catch((error: unknown) => alerts.report(error));
  }, [notShown, documentExport, alerts]);

  const annotations = useAnnotationEditor(state.status === 'ready' ? state.view.document : null);
  const annotationsRef = useRef(annotations);
  annotationsRef.current = annotations;
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  // pdf.js and its worker load while the document is asked for, not after (first page in < 1 s).
  // The worker is the page's (sharedPdfWorker): the viewer uses it and leaves it running for the next opening.
  useEffect(() => {
    let active = true;
    preparePdfViewer().then(
      (started) => {
        if (active) setWorker(started);
      },
      (error: unknown) => {
        console.warn('Could not load the PDF viewer ahead of time.', error);
        if (active) setWorker(null);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  // The file's first chunk is asked for together with the view, not after it: a PDF's data URL
  // is known from its id, so page 1 does not wait one more round trip (a document that turns out
  // not to be shown that way just drops it).
  const firstChunkUrl = id === 0 ? null : `/api/documents/${id}/data`;
  const fetchFirstChunk = useCallback<RangeFetcher>(
    (start, end, signal) => api.documents.authorizedFetch(firstChunkUrl ?? '', { headers: { Range: `bytes=${start}-${end}` }, signal }),
    [api, firstChunkUrl],
  );
  const firstChunk = useFirstChunk(firstChunkUrl, fetchFirstChunk);

  const fitting: FitMode | null =
    fitChoice !== undefined ? fitChoice : state.status === 'ready' && !state.options.fitToWidthByDefault ? null : 'width';

  // Opened from a full-text search: the searched words are highlighted, the find bar shows them.
  useEffect(() => {
    const words = highlightWords?.trim() ?? '';
    setFindQuery(words);
    setFindMode('words');
    setFindActive(0);
    setFindOpen(words !== '');
  }, [highlightWords, id]);

  const findRequest: FindRequest | null =
    findQuery.trim() !== '' && (findOpen || findMode === 'words') ? { query: findQuery, mode: findMode, active: findActive } : null;
  const stepFind = (direction: 1 | -1): void => {
    if (findResult.total === 0) return;
    setFindActive((current) => (current + direction + findResult.total) % findResult.total);
  };

  const goToPage = useCallback(
    (target: number) => {
      if (pageCount < 1) return;
      const next = clampPage(target, pageCount);
      setPage(next);
      setPageRequest((current) => ({ page: next, seq: current.seq + 1 }));
    },
    [pageCount],
  );

  const run = useCallback(
    (command: ViewerCommand) => {
      switch (command) {
        case 'nextPage':
          goToPage(page + 1);
          break;
        case 'previousPage':
          goToPage(page - 1);
          break;
        case 'rotateClockwise':
          setRotation((current) => normalizeRotation(current + 90));
          break;
        case 'rotateCounterClockwise':
          setRotation((current) => normalizeRotation(current - 90));
          break;
        case 'showShortcuts':
          setShortcutsOpen(true);
          break;
        case 'zoomIn':
        case 'zoomOut':
          setZoom(stepZoom(effectiveScale, command === 'zoomIn' ? 1 : -1));
          setFitChoice(null);
          break;
        case 'find':
          setFindOpen(true);
          setFindFocusSeq((current) => current + 1);
          break;
      }
    },
    [goToPage, page, effectiveScale],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      // An open dialog owns the keyboard.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      // Space and Enter on a focused button press that button, not the viewer.
      if (
        (event.key === ' ' || event.key === 'Enter') &&
        event.target instanceof HTMLElement &&
        event.target.closest('button, a, [role="button"]')
      )
        return;
      // Annotation keys first: with an annotation selected the arrows nudge it instead of turning pages.
      if (annotationsRef.current.handleKey(event)) {
        event.preventDefault();
        return;
      }
      // Esc leaves full width once nothing nearer (an annotation, the find bar, a dialog) took it.
      if (event.key === 'Escape' && expandedRef.current) {
        event.preventDefault();
        setExpanded(false);
        return;
      }
      const command = viewerCommandForKey(event);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    // The window the viewer is rendered in (never the global one behind the host's back).
    const target: HTMLElement | Window | null =
      keyScope === 'window' ? (rootRef.current?.ownerDocument.defaultView ?? null) : rootRef.current;
    if (!target) return undefined;
    const listener = onKeyDown as EventListener;
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [run, keyScope]);

  const dataUrl = state.status === 'ready' ? state.view.dataUrl : null;
  const fetchRange = useCallback<RangeFetcher>(
    (start, end, signal) => api.documents.authorizedFetch(dataUrl ?? '', { headers: { Range: `bytes=${start}-${end}` }, signal }),
    [api, dataUrl],
  );
  const loadImage = useCallback(async (signal: AbortSignal) => (await api.documents.fetchData(id, { signal })).blob(), [api, id]);
  const loadThumbnail = useCallback(
    (target: number, signal: AbortSignal) => api.documents.fetchThumbnail(id, target, undefined, signal),
    [api, id],
  );
  const onViewerError = useCallback(
    (error: unknown) => {
      console.error(error);
      setViewerFailure({ id, message: viewerFailureText(error) });
    },
    [id],
  );
  const onPageChange = useCallback((current: number) => setPage(current), []);
  useTouchZoom(
    bodyRef,
    {
      scale: effectiveScale,
      onPinch: (scale) => {
        setZoom(scale);
        setFitChoice(null);
      },
      // From fit width in to twice its scale, from any zoom back to fit width.
      onDoubleTap: () => {
        if (fitting === 'width') {
          setZoom(Math.min(MAX_SCALE, effectiveScale * DOUBLE_TAP_FACTOR));
          setFitChoice(null);
        } else {
          setFitChoice('width');
        }
      },
    },
    state.status === 'ready',
  );
  const renderAnnotations = (target: number, pageView: PageView): ReactElement => (
    <AnnotationPageLayer editor={annotations} page={target} view={pageView} />
  );

  const document = state.status === 'ready' ? state.view.document : null;
  // The properties pane (issue 4): its changes (rename, subtype, user fields) replace the shown document.
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const onPropertiesChanged = useCallback(
    (next: DmsDocument) => {
      queryClient.setQueryData<DocumentView>(queryKeys.documentView(next.id), (current) =>
        current ? { ...current, document: next } : current,
      );
    },
    [queryClient],
  );
  const download = (): void => {
    if (id === 0) return;
    loading.track(documentExport.saveOriginal(document ?? { id, name: `document-${id}` })).catch((error: unknown) => alerts.report(error));
  };

  return (
    <div
      className={mergeClasses(styles.screen, expanded && styles.expanded)}
      ref={rootRef}
      tabIndex={keyScope === 'element' ? -1 : undefined}
      role={expanded ? 'region' : undefined}
      aria-label={expanded ? UI_TEXT.viewer.fullWidthRegion : undefined}
    >
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <div className={styles.header}>
        {onBack ? <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={onBack} /> : null}
        <Text as={headingLevel} weight="semibold" className={styles.name} title={document?.name}>
          {document?.name ?? ''}
        </Text>
        {/* Workflow documents only: outside a queue there is nothing to lock. */}
        {document?.queue ? <LockPopover document={document} /> : null}
        {/* The clerk's path (issue 38): from the document itself on to approval; shown only where it can go. */}
        {document?.queue ? <SendForApprovalButton variant="button" documents={[document]} /> : null}
        {document ? <PropertiesToggleButton pressed={propertiesOpen} onToggle={setPropertiesOpen} /> : null}
        {expandable ? (
          <Button
            appearance="subtle"
            icon={expanded ? <ArrowMinimizeRegular /> : <ArrowMaximizeRegular />}
            aria-label={expanded ? UI_TEXT.viewer.exitFullWidth : UI_TEXT.viewer.openFullWidth}
            title={expanded ? UI_TEXT.viewer.exitFullWidth : UI_TEXT.viewer.openFullWidth}
            onClick={() => setExpanded((current) => !current)}
          />
        ) : null}
      </div>
      {/* Issue 38: a rejected document says why at its top, before the invoice is read, wherever it is opened. */}
      {rejectionBar && document?.queue ? <DocumentRejectionBar docId={id} /> : null}
      <PossibleDuplicatesBar docId={id} />
      <ViewerToolbar
        page={page}
        pageCount={pageCount}
        onGoToPage={goToPage}
        onCommand={run}
        scale={effectiveScale}
        fit={fitting}
        onFitChange={setFitChoice}
        thumbnails={thumbnails}
        onThumbnailsChange={setThumbnails}
        onNotes={() => setNotesOpen((open) => !open)}
        notesOpen={notesOpen}
        onFind={() => run('find')}
        onDownload={download}
        disabled={state.status !== 'ready'}
        canDownload={id !== 0}
        compact={compact}
        annotate={compact ? { open: annotateOpen, onChange: setAnnotateOpen } : undefined}
        extraActions={
          <>
            <ViewerExportActions document={state.status === 'ready' ? state.view.document : null} keyScope={keyScope} />
            <EvidencePacketButton documents={state.status === 'ready' ? [state.view.document] : []} />
            <HistoryExportMenu documentId={state.status === 'ready' ? state.view.document.id : null} />
            <ViewerLinkActions docId={id} />
          </>
        }
      />
      {!compact || annotateOpen ? <AnnotationToolbar editor={annotations} disabled={state.status !== 'ready'} compact={compact} /> : null}
      {findOpen && state.status === 'ready' ? (
        <FindBar
          query={findQuery}
          onQueryChange={(query) => {
            setFindQuery(query);
            setFindMode('phrase');
            setFindActive(0);
          }}
          total={findResult.total}
          complete={findResult.complete}
          active={findActive}
          onNext={() => stepFind(1)}
          onPrevious={() => stepFind(-1)}
          onClose={() => {
            setFindOpen(false);
            setFindQuery('');
          }}
          focusSeq={findFocusSeq}
        />
      ) : null}
      {state.status === 'loading' ? <Spinner label={UI_TEXT.viewer.openingDocument} style={{ marginTop: 32 }} /> : null}
      {state.status === 'failed' ? (
        <div className={styles.message}>
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
          {id !== 0 ? (
            <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={download}>
              {UI_TEXT.viewer.download}
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <div className={styles.body} ref={bodyRef}>
          {thumbnails && pageCount > 0 ? (
            <ThumbnailSidebar pageCount={pageCount} currentPage={page} loadThumbnail={loadThumbnail} onSelectPage={goToPage} />
          ) : null}
          {isImage(state.view.document) ? (
            <ImageViewer
              load={loadImage}
              alt={state.view.document.name}
              scale={zoom}
              fitWidth={fitting !== null}
              rotation={rotation}
              onScaleChange={setEffectiveScale}
              onError={onViewerError}
              renderPageOverlay={renderAnnotations}
            />
          ) : worker === undefined ? (
            <Spinner label={UI_TEXT.viewer.openingDocument} style={{ marginTop: 32 }} />
          ) : (
            <PdfViewer
              worker={worker}
              url={state.view.dataUrl}
              fetchRange={fetchRange}
              firstChunk={firstChunk?.url === state.view.dataUrl ? firstChunk.chunk : null}
              pageRequest={pageRequest}
              scale={zoom}
              fit={fitting}
              rotation={rotation}
              find={findRequest}
              onFindResult={setFindResult}
              onLoaded={setPdfPageCount}
              onPageChange={onPageChange}
              onScaleChange={setEffectiveScale}
              onError={onViewerError}
              renderPageOverlay={renderAnnotations}
            />
          )}
          {notesOpen ? (
            <aside className={styles.notes} aria-label={UI_TEXT.viewer.notes} ref={notesRef} tabIndex={-1}>
              <NotesPanel docId={id} headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'} onClose={() => setNotesOpen(false)} />
            </aside>
          ) : null}
          {propertiesOpen ? <ViewerPropertiesPane document={state.view.document} onDocumentChanged={onPropertiesChanged} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The words for a file the viewer could not show: never the bare unhandled-error text, since the
 * file itself is the likely cause and the Download button still gives it to the user.
 */
function viewerFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') {
    return UI_TEXT.viewer.damagedFile;
  }
  if (name === 'MissingPDFException' || name === 'ResponseException') return MESSAGES.documentNotFound;
  return UI_TEXT.viewer.couldNotShow;
}

/** The words to show for a failure: the API's chosen message, or the spec's unhandled-error text. */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === 'ResponseException') return MESSAGES.documentNotFound;
  return MESSAGES.unhandledError;
}
