import { useCallback, useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useObjectUrl } from '../../viewer/useObjectUrl';
import { useServices } from '../app/DatahavenServices';
import { viewerTokens } from '../../viewer/viewerTokens';

/** Width the page-work screens ask the server for (CSS pixels; the server caches per width). */
export const PAGE_WORK_THUMBNAIL_WIDTH = 120;

const useStyles = makeStyles({
  holder: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: `${PAGE_WORK_THUMBNAIL_WIDTH}px`, minHeight: '150px' },
  image: { maxWidth: '100%', boxShadow: tokens.shadow2, backgroundColor: viewerTokens.dhDocumentPaper, pointerEvents: 'none' },
  placeholder: { width: '100%', height: '150px', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusSmall },
});

/** Props of PageThumbnail. */
export interface PageThumbnailProps {
  docId: number;
  page: number;
  /** The scrolling element the thumbnail lives in (null: the viewport). */
  scrollRoot?: RefObject<HTMLElement | null>;
}

/**
 * One page's server-rendered thumbnail, fetched with the bearer only once it comes near the
 * visible area (so a 500-page scan does not ask for 500 images at once). Decorative: the
 * surrounding control names the page.
 */
export function PageThumbnail({ docId, page, scrollRoot }: PageThumbnailProps): ReactElement {
  const styles = useStyles();
  const { api } = useServices();
  const holder = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (inView || !holder.current) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { root: scrollRoot?.current ?? null, rootMargin: '300px' },
    );
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [inView, scrollRoot]);
  const load = useCallback(
    (signal: AbortSignal) => api.documents.fetchThumbnail(docId, page, PAGE_WORK_THUMBNAIL_WIDTH, signal),
    [api, docId, page],
  );
  const state = useObjectUrl(inView ? load : null);
  return (
    <span ref={holder} className={styles.holder} data-thumbnail-state={state.status}>
      {state.status === 'ready' ? (
        <img src={state.url} alt="" className={styles.image} draggable={false} />
      ) : (
        <span className={styles.placeholder} />
      )}
    </span>
  );
}
