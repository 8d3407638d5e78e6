import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { PDFDocumentProxy, PDFDocumentLoadingTask, PDFPageProxy, PDFWorker, RenderTask, TextLayer } from 'pdfjs-dist';
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  MIN_LAID_OUT_WIDTH,
  PAGE_GAP,
  currentPageAt,
  fitScale,
  largestPageSize,
  layoutPages,
  normalizeRotation,
  visiblePageRange,
  type FitMode,
  type PageSize,
} from './pageLayout';
import { readRange, type RangeChunk, type RangeFetcher } from './rangeSource';
import type { PageView } from './annotations/annotationGeometry';
import { viewerTokens } from './viewerTokens';
import { findInPage, findPattern, matchSegments, type FindRequest, type TextMatch } from './findInText';
import { PdfPasswordForm } from './PdfPasswordForm';
import { useTextLayerStyles } from './useTextLayerStyles';
import type { Pdfjs } from './loadPdfjs';
import { UI_TEXT } from '../locale/uiText';

/** A request to show a page; `seq` changes on every request so the same page can be asked for twice. */
export interface PageRequest {
  page: number;
  seq: number;
}

/** What find in document has found so far. */
export interface FindResult {
  total: number;
  /** False while pages are still being read. */
  complete: boolean;
}

/** Props of PdfViewer. */
export interface PdfViewerProps {
  /** URL of the PDF bytes; identifies the document (a new URL opens a new document). */
  url: string;
  /** A worker started ahead of time (see preparePdfViewer); pdf.js starts its own otherwise. */
  worker?: PDFWorker | null;
  /** Fetches one byte range of `url` with the caller's credentials (see rangeSource.ts). */
  fetchRange: RangeFetcher;
  /**
   * The file's first RANGE_CHUNK_BYTES already on their way (started before `url` was known, see
   * DocumentViewer): used instead of asking again; a failed one is asked again.
   */
  firstChunk?: Promise<RangeChunk> | null;
  pageRequest: PageRequest;
  /** Zoom when not fitting. */
  scale: number;
  /** Fit to the pane's width, whole pages into the pane, or none (use `scale`). */
  fit: FitMode | null;
  /** Extra clockwise rotation in degrees, applied to every page. */
  rotation: number;
  /** What to find and highlight (null: nothing); the active match is scrolled into view. */
  find?: FindRequest | null;
  onFindResult?: (result: FindResult) => void;
  onLoaded(pageCount: number): void;
  onPageChange(page: number): void;
  /** The scale actually used (differs from `scale` while fitting). */
  onScaleChange(scale: number): void;
  onError(error: unknown): void;
  /** Draws something over each shown page (the annotation layer), told how that page is shown. */
  renderPageOverlay?: (page: number, view: PageView) => ReactNode;
}

const useStyles = makeStyles({
  scroller: {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    outlineStyle: 'none',
  },
  page: {
    position: 'absolute',
    backgroundColor: viewerTokens.dhDocumentPaper,
    boxShadow: tokens.shadow4,
  },
  canvas: { display: 'block' },
  loading: { padding: tokens.spacingVerticalXXL },
  pageError: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalM,
    textAlign: 'center',
  },
});

/**
 * Range chunk size. Files that keep their page tree in object streams at the end (pdf-lib,
 * many producers) need most chunks before page 1, one round trip each: 64 KB chunks took
 * 0.9-1.2 s to page 1 of a 500-page file, 256 KB about 0.6 s (npm run bench).
 */
export const RANGE_CHUNK_BYTES = 262_144;

/** Biggest canvas we draw, in device pixels: beyond this browsers fail silently. */
const MAX_CANVAS_PIXELS = 16_777_216;

/** pdf.js's PasswordResponses.INCORRECT_PASSWORD (the first ask is NEED_PASSWORD, 1). */
const INCORRECT_PASSWORD = 2;

/** The open document with the pdf.js module it came from (TextLayer lives there, in the lazy chunk). */
interface OpenPdf {
  doc: PDFDocumentProxy;
  pdfjs: Pdfjs;
}

/** pdf.js asked for a password: `incorrect` after a wrong one; `submit` hands it the next try. */
interface PasswordPrompt {
  incorrect: boolean;
  submit(password: string): void;
}

/** The text items of a page, as the text layer draws them (one span each). */
async function pageTextItems(page: PDFPageProxy): Promise<string[]> {
  const content = await page.getTextContent({ disableNormalization: true });
  const items: string[] = [];
  for (const item of content.items) if ('str' in item) items.push(item.str);
  return items;
}

/**
 * A PDF viewer on pdf.js that streams the file by HTTP range (page 1 of a 500-page file shows
 * without the whole download) and draws only the pages in view: page slots are laid out from
 * the page sizes (first page's size until a page is loaded), and only visible slots carry a
 * `<canvas data-page-number="N">` with pdf.js's text layer over it (select, copy, screen
 * readers, find highlights). A protected PDF asks for its password; find in document reads the
 * pages' text in order and reports the count as it grows.
 */
export function PdfViewer(props: PdfViewerProps): ReactElement {
  const {
    url,
    worker,
    fetchRange,
    firstChunk,
    pageRequest,
    scale,
    fit,
    rotation,
    find,
    onLoaded,
    onPageChange,
    onScaleChange,
    onError,
    onFindResult,
    renderPageOverlay,
  } = props;
  const styles = useStyles();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<OpenPdf | null>(null);
  const [password, setPassword] = useState<PasswordPrompt | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [viewport, setViewport] = useState({ top: 0, width: 0, height: 0 });
  const callbacks = useRef({ onLoaded, onPageChange, onScaleChange, onError, onFindResult });
  callbacks.current = { onLoaded, onPageChange, onScaleChange, onError, onFindResult };

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setPdf(null);
    setSizes([]);
    setPassword(null);
    const aborter = new AbortController();
    const fail = (error: unknown): void => {
      if (!cancelled) callbacks.current.onError(error);
    };
    (async () => {
      // The first chunk tells the file's length; pdf.js then asks for the chunks it needs, each
      // through fetchRange (current token, time-out, one re-authentication on 401).
      const [{ loadPdfjs, createRangeTransport, PDFJS_ASSET_URLS, PDFJS_SAFETY_OPTIONS }, head] = await Promise.all([
        import('./loadPdfjs'),
        // A copy: pdf.js may hand the bytes to its worker, and a second open of this URL would find them gone.
        (firstChunk ?? Promise.reject(new Error('no first chunk'))).then(
          (chunk) => ({ ...chunk, bytes: chunk.bytes.slice() }),
          () => readRange(fetchRange, 0, RANGE_CHUNK_BYTES - 1, aborter.signal),
        ),
      ]);
      if (cancelled) return;
      const pdfjs = loadPdfjs();
      const common = {
        worker: worker ?? undefined,
        ...PDFJS_SAFETY_OPTIONS,
        cMapPacked: true,
        ...PDFJS_ASSET_URLS,
      };
      const fetchChunk = async (begin: number, end: number): Promise<Uint8Array> =>
        (await readRange(fetchRange, begin, end - 1, aborter.signal)).bytes;
      task =
        head.bytes.length >= head.total
          ? pdfjs.getDocument({ ...common, data: head.bytes })
          : pdfjs.getDocument({
              ...common,
              range: createRangeTransport(head.total, head.bytes, fetchChunk, fail),
              rangeChunkSize: RANGE_CHUNK_BYTES,
              // Only the chunks pages in view need: a 500-page scan costs the pages looked at.
              disableAutoFetch: true,
            });
      // A protected file: pdf.js asks here, first and after each wrong password; the password stays in this browser.
      task.onPassword = (submit: (password: string) => void, reason: number) => {
        if (!cancelled) setPassword({ incorrect: reason === INCORRECT_PASSWORD, submit });
      };
      const doc = await task.promise;
      const first = await doc.getPage(1);
      if (cancelled) return;
      setPassword(null);
      const base = first.getViewport({ scale: 1 });
      setSizes(Array.from({ length: doc.numPages }, () => ({ width: base.width, height: base.height })));
      setPdf({ doc, pdfjs });
      callbacks.current.onLoaded(doc.numPages);
    })().catch(fail);
    return () => {
      cancelled = true;
      aborter.abort();
      void task?.destroy();
    };
  }, [url, worker, fetchRange, firstChunk]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const measure = (): void => setViewport({ top: scroller.scrollTop, width: scroller.clientWidth, height: scroller.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const turn = normalizeRotation(rotation);
  const largest = useMemo(() => largestPageSize(sizes), [sizes]);
  // A fit waits for the scroller's real width, which ResizeObserver reports: no page is drawn or
  // scale reported before (without ResizeObserver no width would ever come, so nothing waits).
  const awaitingWidth = fit !== null && viewport.width < MIN_LAID_OUT_WIDTH && typeof ResizeObserver !== 'undefined';
  const effectiveScale =
    fit !== null && largest !== null && !awaitingWidth ? fitScale(largest, turn, viewport.width, viewport.height, fit) : scale;
  const column = useMemo(() => layoutPages(sizes, effectiveScale, turn), [sizes, effectiveScale, turn]);
  const range = visiblePageRange(column.slots, viewport.top, viewport.height, 1);
  const inView = visiblePageRange(column.slots, viewport.top, viewport.height, 0);
  // Pages in view are drawn first; the one page of overscan each side waits until they are, so on
  // opening page 1 does not share pdf.js's worker and the range requests with page 2.
  const drawnRef = useRef(new Set<string>());
  // Only re-renders when a page in view is drawn; the set itself is the ref.
  const [, setDrawnTick] = useState(0);
  const drawKey = (page: number): string => `${page}@${effectiveScale}@${turn}`;
  const onDrawn = useCallback((key: string) => {
    if (drawnRef.current.has(key)) return;
    drawnRef.current.add(key);
    setDrawnTick((tick) => tick + 1);
  }, []);
  let inViewDrawn = inView !== null;
  for (let page = inView?.first ?? 1; inView !== null && page <= inView.last; page++)
    if (!drawnRef.current.has(drawKey(page))) inViewDrawn = false;

  useEffect(() => {
    if (!awaitingWidth) callbacks.current.onScaleChange(effectiveScale);
  }, [effectiveScale, awaitingWidth]);

  // Keep the reader on the same spot of the same page when zoom or rotation changes the layout.
  const anchor = useRef({ page: 1, fraction: 0 });
  const lastLayout = useRef({ scale: effectiveScale, turn });
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const previous = lastLayout.current;
    lastLayout.current = { scale: effectiveScale, turn };
    if (!scroller || (previous.scale === effectiveScale && previous.turn === turn)) return;
    const slot = column.slots[anchor.current.page - 1];
    if (!slot) return;
    scroller.scrollTop = slot.top - PAGE_GAP + anchor.current.fraction * slot.height;
    setViewport((current) => ({ ...current, top: scroller.scrollTop }));
  }, [column, effectiveScale, turn]);

  const scrollToPage = useCallback(
    (page: number) => {
      const scroller = scrollerRef.current;
      const slot = column.slots[page - 1];
      if (!scroller || !slot) return;
      scroller.scrollTop = slot.top - PAGE_GAP;
      anchor.current = { page, fraction: 0 };
      setViewport((current) => ({ ...current, top: scroller.scrollTop }));
    },
    [column],
  );
  const scrollToPageRef = useRef(scrollToPage);
  scrollToPageRef.current = scrollToPage;

  useLayoutEffect(() => {
    // Only a new request (or the document arriving) moves the view; layout changes keep the anchor above.
    scrollToPageRef.current(pageRequest.page);
  }, [pageRequest.seq, pdf]);

  const reportedPage = useRef(0);
  useEffect(() => {
    if (column.slots.length === 0) return;
    const page = currentPageAt(column.slots, viewport.top, viewport.height);
    const slot = column.slots[page - 1];
    anchor.current = { page, fraction: slot.height > 0 ? Math.max(0, viewport.top - (slot.top - PAGE_GAP)) / slot.height : 0 };
    if (page !== reportedPage.current) {
      reportedPage.current = page;
      callbacks.current.onPageChange(page);
    }
  }, [column, viewport.top, viewport.height]);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const scroller = scrollerRef.current;
      if (scroller) setViewport((current) => ({ ...current, top: scroller.scrollTop }));
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onPageSize = useCallback((page: number, size: PageSize) => {
    setSizes((current) => {
      const known = current[page - 1];
      if (!known || (Math.abs(known.width - size.width) < 0.5 && Math.abs(known.height - size.height) < 0.5)) return current;
      const next = current.slice();
      next[page - 1] = size;
      return next;
    });
  }, []);

  // Find in document: read each page's text in order, growing the list of matches as pages come in.
  const [matches, setMatches] = useState<TextMatch[]>([]);
  const findQuery = find?.query ?? '';
  const findMode = find?.mode ?? 'phrase';
  useEffect(() => {
    setMatches([]);
    const pattern = findPattern(findQuery, findMode);
    if (!pdf || pattern === null) {
      callbacks.current.onFindResult?.({ total: 0, complete: true });
      return undefined;
    }
    let cancelled = false;
    (async () => {
      const found: TextMatch[] = [];
      for (let page = 1; page <= pdf.doc.numPages && !cancelled; page++) {
        const pageMatches = findInPage(page, await pageTextItems(await pdf.doc.getPage(page)), pattern);
        if (cancelled) return;
        if (pageMatches.length > 0 || page === pdf.doc.numPages) {
          found.push(...pageMatches);
          setMatches(found.slice());
          callbacks.current.onFindResult?.({ total: found.length, complete: page === pdf.doc.numPages });
        }
      }
    })().catch((error: unknown) => {
      if (!cancelled) console.warn('Find in document stopped.', error);
    });
    return () => {
      cancelled = true;
    };
  }, [pdf, findQuery, findMode]);

  const activeMatch = find && matches.length > 0 ? matches[((find.active % matches.length) + matches.length) % matches.length] : null;
  // Walking the matches brings the active one's page into view (the page then scrolls the mark itself into view).
  useLayoutEffect(() => {
    if (!activeMatch) return;
    const scroller = scrollerRef.current;
    const slot = column.slots[activeMatch.page - 1];
    if (!scroller || !slot) return;
    if (slot.top + slot.height < scroller.scrollTop || slot.top > scroller.scrollTop + scroller.clientHeight)
      scrollToPageRef.current(activeMatch.page);
    // Only a change of the active match moves the view.
  }, [activeMatch]);

  const pages: ReactElement[] = [];
  if (pdf && range) {
    for (let page = range.first; page <= range.last; page++) {
      const slot = column.slots[page - 1];
      const style: CSSProperties = {
        top: slot.top,
        left: Math.max(PAGE_GAP, (Math.max(viewport.width, column.maxWidth) - slot.width) / 2),
        width: slot.width,
        height: slot.height,
      };
      const pageMatches = matches.filter((match) => match.page === page);
      pages.push(
        <div key={page} className={styles.page} style={style}>
          <PdfPage
            pdf={pdf}
            page={page}
            hold={!inViewDrawn && inView !== null && (page < inView.first || page > inView.last)}
            drawKey={drawKey(page)}
            onDrawn={onDrawn}
            scale={effectiveScale}
            rotation={turn}
            matches={pageMatches}
            activeMatch={activeMatch?.page === page ? activeMatch : null}
            onSize={onPageSize}
            canvasClassName={styles.canvas}
            errorClassName={styles.pageError}
          />
          {renderPageOverlay?.(page, {
            width: sizes[page - 1].width,
            height: sizes[page - 1].height,
            scale: effectiveScale,
            rotation: turn,
          })}
        </div>,
      );
    }
  }

  return (
    <div
      ref={scrollerRef}
      className={styles.scroller}
      onScroll={onScroll}
      tabIndex={0}
      aria-label={UI_TEXT.viewer.documentPages}
      role="region"
    >
      {pdf && !awaitingWidth ? (
        <div style={{ position: 'relative', height: column.totalHeight, width: Math.max(column.maxWidth, 1) }}>{pages}</div>
      ) : password ? (
        <PdfPasswordForm incorrect={password.incorrect} onSubmit={(value) => password.submit(value)} />
      ) : (
        <Spinner className={styles.loading} label={UI_TEXT.viewer.loadingDocument} />
      )}
    </div>
  );
}

interface PdfPageProps {
  pdf: OpenPdf;
  page: number;
  /** Wait: pages in view are still being drawn. */
  hold: boolean;
  /** Identifies this page at this zoom and rotation; reported through onDrawn once its pixels are there. */
  drawKey: string;
  onDrawn(key: string): void;
  scale: number;
  rotation: number;
  matches: readonly TextMatch[];
  activeMatch: TextMatch | null;
  canvasClassName: string;
  errorClassName: string;
  onSize(page: number, size: PageSize): void;
}

/**
 * Draws one page into its canvas, then its text layer (after the pixels, so the first page is
 * never held up by text); redraws on zoom or rotation and cancels work no longer needed. A page
 * that cannot be drawn says so in its own slot; the rest of the document stays readable.
 */
function PdfPage({
  pdf,
  page,
  hold,
  drawKey,
  onDrawn,
  scale,
  rotation,
  matches,
  activeMatch,
  canvasClassName,
  errorClassName,
  onSize,
}: PdfPageProps): ReactElement {
  const textStyles = useTextLayerStyles();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const [failed, setFailed] = useState(false);
  const [textLayer, setTextLayer] = useState<TextLayer | null>(null);
  // Once released, a page is never held again (holding a drawn page would blank it).
  const released = useRef(false);
  if (!hold) released.current = true;
  const waiting = hold && !released.current;

  useEffect(() => {
    if (waiting) return undefined;
    let cancelled = false;
    let task: RenderTask | null = null;
    let layer: TextLayer | null = null;
    setRendered(false);
    setTextLayer(null);
    (async () => {
      const proxy = await pdf.doc.getPage(page);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = proxy.getViewport({ scale: 1 });
      onSize(page, { width: base.width, height: base.height });
      const viewport = proxy.getViewport({ scale, rotation: (proxy.rotate + rotation) % 360 });
      let ratio = window.devicePixelRatio || 1;
      const pixels = viewport.width * viewport.height * ratio * ratio;
      if (pixels > MAX_CANVAS_PIXELS) ratio *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
      canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
      canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = proxy.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      if (cancelled) return;
      setRendered(true);
      onDrawn(drawKey);
      const container = textRef.current;
      if (!container) return;
      container.replaceChildren();
      // The variables pdf.js's text layer sizes itself by (pdf_viewer.css sets them on the page).
      container.style.setProperty('--scale-factor', String(scale));
      container.style.setProperty('--user-unit', String(proxy.userUnit));
      container.style.setProperty('--total-scale-factor', 'calc(var(--scale-factor) * var(--user-unit))');
      container.style.setProperty('--scale-round-x', '1px');
      container.style.setProperty('--scale-round-y', '1px');
      layer = new pdf.pdfjs.TextLayer({
        textContentSource: proxy.streamTextContent({ includeMarkedContent: false, disableNormalization: true }),
        container,
        viewport,
      });
      await layer.render();
      if (!cancelled) setTextLayer(layer);
    })().catch((error: unknown) => {
      if (cancelled || (error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException')))
        return;
      console.error(`Page ${page} could not be drawn.`, error);
      setFailed(true);
    });
    return () => {
      cancelled = true;
      task?.cancel();
      layer?.cancel();
    };
  }, [pdf, page, scale, rotation, onSize, waiting, drawKey, onDrawn]);

  // Find highlights: wrap each match's pieces of the spans in <mark>; the active one scrolls into view.
  useEffect(() => {
    if (!textLayer) return undefined;
    const items = textLayer.textContentItemsStr;
    const divs = textLayer.textDivs;
    const touched = new Set<number>();
    const marks = new Map<number, { start: number; end: number; active: boolean }[]>();
    for (const match of matches) {
      const active = activeMatch !== null && activeMatch.start === match.start && activeMatch.end === match.end;
      for (const segment of matchSegments(items, match)) {
        const list = marks.get(segment.item) ?? [];
        list.push({ start: segment.start, end: segment.end, active });
        marks.set(segment.item, list);
      }
    }
    let activeMark: HTMLElement | null = null;
    for (const [index, list] of marks) {
      const div = divs[index];
      const text = items[index];
      if (!div || text === undefined) continue;
      touched.add(index);
      const parts: Node[] = [];
      let at = 0;
      for (const mark of list.sort((a, b) => a.start - b.start)) {
        if (mark.start > at) parts.push(document.createTextNode(text.slice(at, mark.start)));
        const element = document.createElement('mark');
        element.textContent = text.slice(mark.start, mark.end);
        if (mark.active) {
          element.dataset.active = 'true';
          activeMark ??= element;
        }
        parts.push(element);
        at = mark.end;
      }
      if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...parts);
    }
    activeMark?.scrollIntoView({ block: 'center', inline: 'nearest' });
    return () => {
      for (const index of touched) divs[index]?.replaceChildren(document.createTextNode(items[index] ?? ''));
    };
  }, [textLayer, matches, activeMatch]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className={canvasClassName}
        data-page-number={page}
        data-rendered={rendered ? 'true' : 'false'}
        aria-label={UI_TEXT.viewer.pageLabel(page)}
        role="img"
      />
      <div ref={textRef} className={textStyles.layer} data-text-layer={textLayer ? 'ready' : 'pending'} />
      {failed ? (
        <div className={errorClassName}>
          <Text>{UI_TEXT.viewer.pageNotDrawn(page)}</Text>
        </div>
      ) : null}
    </>
  );
}
