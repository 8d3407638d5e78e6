import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  ToggleButton,
  Toolbar,
  ToolbarDivider,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';
import { InkStrokeRegular } from '@fluentui/react-icons/svg/ink-stroke';
import { PHONE_TARGET_PX } from '../workflow/phone/phoneLayout';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { ChevronLeftRegular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { GridRegular } from '@fluentui/react-icons/svg/grid';
import { NoteRegular } from '@fluentui/react-icons/svg/note';
import { ScaleFitRegular } from '@fluentui/react-icons/svg/scale-fit';
import { ZoomInRegular } from '@fluentui/react-icons/svg/zoom-in';
import { ZoomOutRegular } from '@fluentui/react-icons/svg/zoom-out';
import type { ViewerCommand } from '../../viewer/viewerKeys';
import type { FitMode } from '../../viewer/pageLayout';
import { DocumentFitRegular } from '@fluentui/react-icons/svg/document-fit';
import { SearchRegular } from '@fluentui/react-icons/svg/search';
import { ViewerSplitButton } from '../pageWork/ViewerSplitButton';
import { UI_TEXT } from '../../locale/uiText';

/** Props of ViewerToolbar. */
export interface ViewerToolbarProps {
  page: number;
  pageCount: number;
  onGoToPage(page: number): void;
  onCommand(command: ViewerCommand): void;
  /** The scale in use, shown as a percentage. */
  scale: number;
  /** Fit to width, fit whole pages, or neither (the zoom). */
  fit: FitMode | null;
  onFitChange(fit: FitMode | null): void;
  thumbnails: boolean;
  onThumbnailsChange(show: boolean): void;
  onNotes(): void;
  /** The notes side panel is open. */
  notesOpen: boolean;
  /** Opens the find bar (also Ctrl+F). */
  onFind(): void;
  onDownload(): void;
  disabled: boolean;
  /** Download stays available even when the document cannot be shown. */
  canDownload: boolean;
  /** More actions after Download (the viewer's Print and E-mail menus). */
  extraActions?: ReactNode;
  /** A phone (issue 38): one line of page keys and fit width, everything else behind More; nothing wraps. */
  compact?: boolean;
  /** On a phone: the switch that shows the annotation toolbar, in More. */
  annotate?: { open: boolean; onChange(open: boolean): void };
}

const useStyles = makeStyles({
  toolbar: {
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  pageBox: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  pageInput: { width: '56px' },
  pageError: { color: tokens.colorPaletteRedForeground1 },
  zoom: { minWidth: '40px', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
  // One line at any width; every button a 44 px touch target.
  compact: {
    flexWrap: 'nowrap',
    minWidth: 0,
    overflow: 'hidden',
    '& button': { minWidth: `${PHONE_TARGET_PX}px`, minHeight: `${PHONE_TARGET_PX}px` },
  },
  compactPageBox: { flexShrink: 1, minWidth: 0 },
  more: { marginLeft: 'auto' },
  surface: { padding: tokens.spacingVerticalXS, maxWidth: 'calc(100vw - 16px)', boxSizing: 'border-box' },
  moreTools: {
    flexWrap: 'wrap',
    maxWidth: '272px',
    '& button': { minWidth: `${PHONE_TARGET_PX}px`, minHeight: `${PHONE_TARGET_PX}px` },
  },
});

/** The viewer's toolbar: page navigation with a page box (refusing pages outside the document), zoom, rotate, fit to width or page, thumbnails, find, notes and download. */
export function ViewerToolbar(props: ViewerToolbarProps): ReactElement {
  const {
    page,
    pageCount,
    onGoToPage,
    onCommand,
    scale,
    fit,
    onFitChange,
    thumbnails,
    onThumbnailsChange,
    onNotes,
    notesOpen,
    onFind,
    onDownload,
    disabled,
    canDownload,
    compact = false,
    annotate,
  } = props;
  const styles = useStyles();
  const [pageText, setPageText] = useState(String(page));
  const [pageError, setPageError] = useState<string | null>(null);
  useEffect(() => {
    setPageText(String(page));
    setPageError(null);
  }, [page]);
  const commitPage = (): void => {
    const trimmed = pageText.trim();
    const requested = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    // A number outside the document is refused in words, not quietly turned into the last page.
    if (Number.isInteger(requested) && requested >= 1 && requested <= pageCount) {
      setPageError(null);
      onGoToPage(requested);
    } else if (trimmed === '') {
      setPageText(String(page));
      setPageError(null);
    } else {
      setPageError(UI_TEXT.viewer.pageOutOfRange(pageCount));
    }
  };
  const noPages = disabled || pageCount < 1;
  const navigation = (
    <>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={UI_TEXT.viewer.previousPage}
        title={UI_TEXT.viewer.previousPageTitle}
        disabled={noPages || page <= 1}
        onClick={() => onCommand('previousPage')}
      />
      <span className={mergeClasses(styles.pageBox, compact && styles.compactPageBox)}>
        <Input
          className={styles.pageInput}
          size="small"
          type="number"
          min={1}
          max={Math.max(1, pageCount)}
          aria-label={UI_TEXT.viewer.pageNumber}
          aria-invalid={pageError !== null}
          aria-describedby={pageError !== null ? 'viewer-page-error' : undefined}
          value={pageText}
          disabled={noPages}
          onChange={(_event, data) => setPageText(data.value)}
          onBlur={commitPage}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitPage();
            }
          }}
        />
        <Text size={200}>{UI_TEXT.viewer.ofPages(pageCount)}</Text>
        {pageError !== null ? (
          <Text size={200} id="viewer-page-error" role="alert" className={styles.pageError}>
            {pageError}
          </Text>
        ) : null}
      </span>
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={UI_TEXT.viewer.nextPage}
        title={UI_TEXT.viewer.nextPageTitle}
        disabled={noPages || page >= pageCount}
        onClick={() => onCommand('nextPage')}
      />
    </>
  );
  const fitWidthButton = (
    <ToggleButton
      appearance="subtle"
      icon={<ScaleFitRegular />}
      aria-label={UI_TEXT.viewer.fitWidth}
      title={UI_TEXT.viewer.fitWidth}
      checked={fit === 'width'}
      disabled={disabled}
      onClick={() => onFitChange(fit === 'width' ? null : 'width')}
    />
  );
  const zoomButtons = (
    <>
      <Button
        appearance="subtle"
        icon={<ZoomOutRegular />}
        aria-label={UI_TEXT.viewer.zoomOut}
        title={UI_TEXT.viewer.zoomOutTitle}
        disabled={disabled}
        onClick={() => onCommand('zoomOut')}
      />
      <Text size={200} className={styles.zoom} aria-live="polite">
        {Math.round(scale * 100)}%
      </Text>
      <Button
        appearance="subtle"
        icon={<ZoomInRegular />}
        aria-label={UI_TEXT.viewer.zoomIn}
        title={UI_TEXT.viewer.zoomInTitle}
        disabled={disabled}
        onClick={() => onCommand('zoomIn')}
      />
    </>
  );
  // The tools after fit width (fit page, rotate, thumbnails, find, notes, download and the host's actions).
  const tools = (
    <>
      <ToggleButton
        appearance="subtle"
        icon={<DocumentFitRegular />}
        aria-label={UI_TEXT.viewer.fitPage}
        title={UI_TEXT.viewer.fitPageTitle}
        checked={fit === 'page'}
        disabled={disabled}
        onClick={() => onFitChange(fit === 'page' ? null : 'page')}
      />
      <Button
        appearance="subtle"
        icon={<ArrowClockwiseRegular />}
        aria-label={UI_TEXT.viewer.rotate}
        title={UI_TEXT.viewer.rotateTitle}
        disabled={disabled}
        onClick={() => onCommand('rotateClockwise')}
      />
      <ToggleButton
        appearance="subtle"
        icon={<GridRegular />}
        aria-label={UI_TEXT.viewer.thumbnails}
        title={UI_TEXT.viewer.thumbnails}
        checked={thumbnails}
        disabled={noPages}
        onClick={() => onThumbnailsChange(!thumbnails)}
      />
      <ToolbarDivider />
      <Button
        appearance="subtle"
        icon={<SearchRegular />}
        aria-label={UI_TEXT.viewer.find}
        title={UI_TEXT.viewer.findTitle}
        disabled={disabled}
        onClick={onFind}
      />
      <ToggleButton appearance="subtle" icon={<NoteRegular />} checked={notesOpen} onClick={onNotes}>
        {UI_TEXT.viewer.notes}
      </ToggleButton>
      <Button
        appearance="subtle"
        icon={<ArrowDownloadRegular />}
        aria-label={UI_TEXT.viewer.download}
        title={UI_TEXT.viewer.download}
        disabled={!canDownload}
        onClick={onDownload}
      />
      {props.extraActions}
      <ViewerSplitButton />
    </>
  );
  if (compact) {
    return (
      <Toolbar aria-label={UI_TEXT.viewer.toolbar} className={mergeClasses(styles.toolbar, styles.compact)} size="small">
        {navigation}
        {fitWidthButton}
        <Popover positioning="below-end" trapFocus>
          <PopoverTrigger disableButtonEnhancement>
            <Button className={styles.more} appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={UI_TEXT.phone.viewerTools}>
              {UI_TEXT.phone.more}
            </Button>
          </PopoverTrigger>
          {/* With trapFocus the surface is a modal dialog: it is named after what it holds (axe aria-dialog-name). */}
          <PopoverSurface className={styles.surface} aria-label={UI_TEXT.phone.viewerTools}>
            <Toolbar aria-label={UI_TEXT.phone.viewerTools} className={styles.moreTools} size="small">
              {zoomButtons}
              {tools}
              {annotate ? (
                <ToggleButton
                  appearance="subtle"
                  icon={<InkStrokeRegular />}
                  checked={annotate.open}
                  disabled={disabled}
                  onClick={() => annotate.onChange(!annotate.open)}
                >
                  {UI_TEXT.phone.annotate}
                </ToggleButton>
              ) : null}
            </Toolbar>
          </PopoverSurface>
        </Popover>
      </Toolbar>
    );
  }
  return (
    <Toolbar aria-label={UI_TEXT.viewer.toolbar} className={styles.toolbar} size="small">
      {navigation}
      <ToolbarDivider />
      {zoomButtons}
      {fitWidthButton}
      {tools}
    </Toolbar>
  );
}
