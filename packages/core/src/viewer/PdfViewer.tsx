import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import type { PDFDocumentProxy, PDFDocumentLoadingTask, PDFWorker, RenderTask } from 'pdfjs-dist';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import {
  PAGE_GAP,
  currentPageAt,
  fitWidthScale,
  layoutPages,
  normalizeRotation,
  visiblePageRange,
  type PageSize,
} from './pageLayout';
import { readRange, type RangeFetcher } from './rangeSource';
import type { PageView } from './annotations/annotationGeometry';
import { viewerTokens } from './viewerTokens';

/** A request to show a page; `seq` changes on every request so the same page can be asked for twice. */
export interface PageRequest {
  page: number;
  seq: number;
}

/** Props of PdfViewer. */
export interface PdfViewerProps {
  /** URL of the PDF bytes; identifies the document (a new URL opens a new document). */
  url: string;
  /** A worker started ahead of time (see preparePdfViewer); pdf.js starts its own otherwise. */
  worker?: PDFWorker | null;
  /** Fetches one byte range of `url` with the caller's credentials (see rangeSource.ts). */
  fetchRange: RangeFetcher;
  pageRequest: PageRequest;
  /** Zoom when not fitting to width. */
  scale: number;
  fitWidth: boolean;
  /** Extra clockwise rotation in degrees, applied to every page. */
  rotation: number;
  onLoaded(pageCount: number): void;
  onPageChange(page: number): void;
  /** The scale actually used (differs from `scale` while fitting to width). */
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
});

/**
 * Range chunk size. Files that keep their page tree in object streams at the end (pdf-lib,
 * many producers) need most chunks before page 1, one round trip each: 64 KB chunks took
 * 0.9-1.2 s to page 1 of a 500-page file, 256 KB about 0.6 s (npm run bench).
 */
const RANGE_CHUNK_BYTES = 262_144;

/** Biggest canvas we draw, in device pixels: beyond this browsers fail silently. */
const MAX_CANVAS_PIXELS = 16_777_216;

/**
 * A PDF viewer on pdf.js that streams the file by HTTP range (page 1 of a 500-page file shows
 * without the whole download) and draws only the pages in view: page slots are laid out from
 * the page sizes (first page's size until a page is loaded), and only visible slots carry a
 * `<canvas data-page-number="N">`.
 */
export function PdfViewer(props: PdfViewerProps): ReactElement {
  const { url, worker, fetchRange, pageRequest, scale, fitWidth, rotation, onLoaded, onPageChange, onScaleChange, onError, renderPageOverlay } = props;
  const styles = useStyles();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [viewport, setViewport] = useState({ top: 0, width: 0, height: 0 });
  const callbacks = useRef({ onLoaded, onPageChange, onScaleChange, onError });
  callbacks.current = { onLoaded, onPageChange, onScaleChange, onError };

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setPdf(null);
    setSizes([]);
    const aborter = new AbortController();
    const fail = (error: unknown): void => {
      if (!cancelled) callbacks.current.onError(error);
    };
    (async () => {
      // The first chunk tells the file's length; pdf.js then asks for the chunks it needs, each
      // through fetchRange (current token, time-out, one re-authentication on 401).
      const [{ loadPdfjs, createRangeTransport, PDFJS_ASSET_URLS }, head] = await Promise.all([
        import('./loadPdfjs'),
        readRange(fetchRange, 0, RANGE_CHUNK_BYTES - 1, aborter.signal),
      ]);
      if (cancelled) return;
      const pdfjs = loadPdfjs();
      const common = {
        worker: worker ?? undefined,
        isEvalSupported: false,
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
      const doc = await task.promise;
      const first = await doc.getPage(1);
      if (cancelled) return;
      const base = first.getViewport({ scale: 1 });
      setSizes(Array.from({ length: doc.numPages }, () => ({ width: base.width, height: base.height })));
      setPdf(doc);
      callbacks.current.onLoaded(doc.numPages);
    })().catch(fail);
    return () => {
      cancelled = true;
      aborter.abort();
      void task?.destroy();
    };
  }, [url, worker, fetchRange]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const measure = (): void =>
      setViewport({ top: scroller.scrollTop, width: scroller.clientWidth, height: scroller.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const turn = normalizeRotation(rotation);
  const effectiveScale = fitWidth && sizes.length > 0 ? fitWidthScale(sizes[0], turn, viewport.width) : scale;
  const column = useMemo(() => layoutPages(sizes, effectiveScale, turn), [sizes, effectiveScale, turn]);
  const range = visiblePageRange(column.slots, viewport.top, viewport.height, 1);

  useEffect(() => {
    callbacks.current.onScaleChange(effectiveScale);
  }, [effectiveScale]);

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

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const slot = column.slots[pageRequest.page - 1];
    if (!scroller || !slot) return;
    scroller.scrollTop = slot.top - PAGE_GAP;
    anchor.current = { page: pageRequest.page, fraction: 0 };
    setViewport((current) => ({ ...current, top: scroller.scrollTop }));
    // Only a new request (or the document arriving) moves the view; layout changes keep the anchor above.
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

  const reportError = useCallback((error: unknown) => callbacks.current.onError(error), []);

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
      pages.push(
        <div key={page} className={styles.page} style={style}>
          <PdfPageCanvas pdf={pdf} page={page} scale={effectiveScale} rotation={turn} onSize={onPageSize} onError={reportError} className={styles.canvas} />
          {renderPageOverlay?.(page, { width: sizes[page - 1].width, height: sizes[page - 1].height, scale: effectiveScale, rotation: turn })}
        </div>,
      );
    }
  }

  return (
    <div ref={scrollerRef} className={styles.scroller} onScroll={onScroll} tabIndex={0} aria-label="Document pages" role="region">
      {pdf ? (
        <div style={{ position: 'relative', height: column.totalHeight, width: Math.max(column.maxWidth, 1) }}>{pages}</div>
      ) : (
        <Spinner className={styles.loading} label="Loading document…" />
      )}
    </div>
  );
}

interface PdfPageCanvasProps {
  pdf: PDFDocumentProxy;
  page: number;
  scale: number;
  rotation: number;
  className: string;
  onSize(page: number, size: PageSize): void;
  onError(error: unknown): void;
}

/** Draws one page into its canvas; redraws on zoom or rotation and cancels a draw that is no longer needed. */
function PdfPageCanvas({ pdf, page, scale, rotation, className, onSize, onError }: PdfPageCanvasProps): ReactElement {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: RenderTask | null = null;
    setRendered(false);
    (async () => {
      const proxy = await pdf.getPage(page);
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
      if (!cancelled) setRendered(true);
    })().catch((error: unknown) => {
      if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) onError(error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, scale, rotation, onSize, onError]);
  return <canvas ref={canvasRef} className={className} data-page-number={page} data-rendered={rendered ? 'true' : 'false'} aria-label={`Page ${page}`} role="img" />;
}
