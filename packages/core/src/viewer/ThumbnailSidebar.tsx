import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useObjectUrl } from './useObjectUrl';
import { viewerTokens } from './viewerTokens';
import { UI_TEXT } from '../locale/uiText';

/** Props of ThumbnailSidebar. */
export interface ThumbnailSidebarProps {
  pageCount: number;
  currentPage: number;
  /** Fetches the server's thumbnail of a 1-based page (with the bearer). */
  loadThumbnail(page: number, signal: AbortSignal): Promise<Blob>;
  onSelectPage(page: number): void;
}

const useStyles = makeStyles({
  sidebar: {
    flexShrink: 0,
    width: '112px',
    overflowY: 'auto',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    margin: 0,
    padding: tokens.spacingVerticalS,
    listStyleType: 'none',
  },
  item: { marginBottom: tokens.spacingVerticalS },
  button: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    width: '100%',
    minHeight: '120px',
    padding: tokens.spacingVerticalXS,
    border: `2px solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  current: { border: `2px solid ${tokens.colorBrandStroke1}` },
  image: { maxWidth: '100%', boxShadow: tokens.shadow2, backgroundColor: viewerTokens.dhDocumentPaper },
  label: { fontSize: tokens.fontSizeBase200 },
});

/** The page thumbnails column: server-rendered images, loaded only once they scroll into view. */
export function ThumbnailSidebar({ pageCount, currentPage, loadThumbnail, onSelectPage }: ThumbnailSidebarProps): ReactElement {
  const styles = useStyles();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentPage]);
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <ul ref={listRef} className={styles.sidebar} aria-label={UI_TEXT.viewer.thumbnails}>
      {pages.map((page) => (
        <li key={page} className={styles.item}>
          <button
            type="button"
            className={mergeClasses(styles.button, page === currentPage && styles.current)}
            aria-current={page === currentPage ? 'page' : undefined}
            aria-label={UI_TEXT.viewer.goToPage(page)}
            onClick={() => onSelectPage(page)}
          >
            <Thumbnail page={page} loadThumbnail={loadThumbnail} root={listRef} className={styles.image} />
            <span className={styles.label}>{page}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface ThumbnailProps {
  page: number;
  loadThumbnail(page: number, signal: AbortSignal): Promise<Blob>;
  root: React.RefObject<HTMLUListElement | null>;
  className: string;
}

function Thumbnail({ page, loadThumbnail, root, className }: ThumbnailProps): ReactElement {
  const holder = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (inView || !holder.current) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { root: root.current, rootMargin: '200px' },
    );
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [inView, root]);
  const load = useCallback((signal: AbortSignal) => loadThumbnail(page, signal), [loadThumbnail, page]);
  const state = useObjectUrl(inView ? load : null);
  return (
    <span ref={holder} style={{ minHeight: 96, display: 'flex', alignItems: 'center' }}>
      {state.status === 'ready' ? <img src={state.url} alt="" className={className} /> : null}
    </span>
  );
}
