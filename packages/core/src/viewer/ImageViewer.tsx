import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { PageView } from './annotations/annotationGeometry';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { fitWidthScale, normalizeRotation, PAGE_GAP } from './pageLayout';
import { useObjectUrl } from './useObjectUrl';
import { viewerTokens } from './viewerTokens';
import { UI_TEXT } from '../locale/uiText';

/** Props of ImageViewer. */
export interface ImageViewerProps {
  /** Fetches the image bytes with the bearer; must be stable for one document. */
  load(signal: AbortSignal): Promise<Blob>;
  alt: string;
  scale: number;
  fitWidth: boolean;
  rotation: number;
  onScaleChange(scale: number): void;
  onError(error: unknown): void;
  /** Draws something over the shown image (the annotation layer, page 1), told how it is shown. */
  renderPageOverlay?: (page: number, view: PageView) => ReactNode;
}

const useStyles = makeStyles({
  scroller: { flexGrow: 1, minHeight: 0, overflow: 'auto', backgroundColor: tokens.colorNeutralBackground3, padding: `${PAGE_GAP}px` },
  image: { display: 'block', margin: '0 auto', backgroundColor: viewerTokens.dhDocumentPaper, boxShadow: tokens.shadow4 },
});

/** Shows a JPEG or PNG as it is (no conversion), with the viewer's zoom, rotation and fit to width. */
export function ImageViewer({
  load,
  alt,
  scale,
  fitWidth,
  rotation,
  onScaleChange,
  onError,
  renderPageOverlay,
}: ImageViewerProps): ReactElement {
  const styles = useStyles();
  const state = useObjectUrl(load);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    setWidth(scroller.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (state.status === 'failed') onError(state.error);
  }, [state, onError]);

  const turn = normalizeRotation(rotation);
  const effective = fitWidth && natural ? fitWidthScale(natural, turn, width) : scale;
  useEffect(() => onScaleChange(effective), [effective, onScaleChange]);
  const quarter = turn % 180 !== 0;
  const shownWidth = natural ? natural.width * effective : undefined;
  const shownHeight = natural ? natural.height * effective : undefined;

  return (
    <div ref={scrollerRef} className={styles.scroller} tabIndex={0} role="region" aria-label={UI_TEXT.viewer.documentPages}>
      {state.status === 'ready' ? (
        <div
          style={
            natural
              ? {
                  width: quarter ? shownHeight : shownWidth,
                  height: quarter ? shownWidth : shownHeight,
                  margin: '0 auto',
                  position: 'relative',
                }
              : undefined
          }
        >
          <img
            src={state.url}
            alt={alt}
            className={styles.image}
            data-page-number={1}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            style={
              natural
                ? {
                    width: shownWidth,
                    height: shownHeight,
                    position: 'absolute',
                    left: '50%',
                    top: '50%',
                    transform: `translate(-50%, -50%) rotate(${turn}deg)`,
                  }
                : { maxWidth: '100%' }
            }
          />
          {/* The image's pixels count as points: the annotation frame is the image as shown at 100 %. */}
          {natural && renderPageOverlay
            ? renderPageOverlay(1, { width: natural.width, height: natural.height, scale: effective, rotation: turn })
            : null}
        </div>
      ) : state.status === 'loading' ? (
        <Spinner label={UI_TEXT.viewer.loadingDocument} />
      ) : null}
    </div>
  );
}
