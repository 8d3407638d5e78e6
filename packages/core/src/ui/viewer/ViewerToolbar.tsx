import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Input, Text, ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
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
import { OverflowToolbar, type OverflowToolbarItem } from '../shell/OverflowToolbar';

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
  /** A phone (issue 38): every button a 44 px touch target, zoom among the first to go behind More. */
  compact?: boolean;
  /** On a phone: the switch that shows the annotation toolbar, in More. */
  annotate?: { open: boolean; onChange(open: boolean): void };
}

const useStyles = makeStyles({
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  pageBox: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  pageInput: { width: '56px' },
  pageError: { color: tokens.colorPaletteRedForeground1 },
  zoom: { minWidth: '40px', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
  zoomGroup: { display: 'inline-flex', alignItems: 'center' },
  // On a phone every button of the bar and of More is a 44 px touch target.
  compact: { '& button': { minWidth: `${PHONE_TARGET_PX}px`, minHeight: `${PHONE_TARGET_PX}px` } },
});

/**
 * The viewer's toolbar: page navigation with a page box (refusing pages outside the document), zoom,
 * rotate, fit to width or page, thumbnails, find, notes and download. One line at every width:
 * what does not fit waits behind "More viewer tools" (OverflowToolbar).
 */
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
  /** An icon button on the bar; in More it shows its name beside the icon (the same accessible name). */
  const tool = (spec: {
    id: string;
    priority: number;
    group: string;
    icon: ReactElement;
    label: string;
    title?: string;
    disabled: boolean;
    onClick(): void;
    checked?: boolean;
  }): OverflowToolbarItem => {
    const render = (inPanel: boolean): ReactElement =>
      spec.checked === undefined ? (
        <Button
          appearance="subtle"
          icon={spec.icon}
          aria-label={spec.label}
          title={spec.title ?? spec.label}
          disabled={spec.disabled}
          onClick={spec.onClick}
        >
          {inPanel ? spec.label : undefined}
        </Button>
      ) : (
        <ToggleButton
          appearance="subtle"
          icon={spec.icon}
          aria-label={spec.label}
          title={spec.title ?? spec.label}
          checked={spec.checked}
          disabled={spec.disabled}
          onClick={spec.onClick}
        >
          {inPanel ? spec.label : undefined}
        </ToggleButton>
      );
    return { id: spec.id, priority: spec.priority, group: spec.group, bar: render(false), inPanel: render(true) };
  };
  const pageBox = (
    <span className={styles.pageBox}>
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
  );
  const zoomButtons = (
    <span className={styles.zoomGroup}>
      <Button
        appearance="subtle"
        icon={<ZoomOutRegular />}
        aria-label={UI_TEXT.viewer.zoomOut}
        title={UI_TEXT.viewer.zoomOutTitle}
        disabled={disabled}
        onClick={() => onCommand('zoomOut')}
      />
      <Text size={200} className={styles.zoom} aria-live="polite" data-viewer-zoom="">
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
    </span>
  );
  // Priorities: the page keys and fit width leave the bar last, then notes, find and zoom; the
  // host's export and link actions first. The bar's order is the reading order of the old toolbar.
  const items: OverflowToolbarItem[] = [
    tool({
      id: 'previous',
      priority: 100,
      group: 'page',
      icon: <ChevronLeftRegular />,
      label: UI_TEXT.viewer.previousPage,
      title: UI_TEXT.viewer.previousPageTitle,
      disabled: noPages || page <= 1,
      onClick: () => onCommand('previousPage'),
    }),
    { id: 'page', priority: 99, group: 'page', bar: pageBox },
    tool({
      id: 'next',
      priority: 98,
      group: 'page',
      icon: <ChevronRightRegular />,
      label: UI_TEXT.viewer.nextPage,
      title: UI_TEXT.viewer.nextPageTitle,
      disabled: noPages || page >= pageCount,
      onClick: () => onCommand('nextPage'),
    }),
    { id: 'zoom', priority: compact ? 60 : 85, group: 'view', bar: zoomButtons },
    tool({
      id: 'fitWidth',
      priority: 97,
      group: 'view',
      icon: <ScaleFitRegular />,
      label: UI_TEXT.viewer.fitWidth,
      checked: fit === 'width',
      disabled,
      onClick: () => onFitChange(fit === 'width' ? null : 'width'),
    }),
    tool({
      id: 'fitPage',
      priority: 55,
      group: 'view',
      icon: <DocumentFitRegular />,
      label: UI_TEXT.viewer.fitPage,
      title: UI_TEXT.viewer.fitPageTitle,
      checked: fit === 'page',
      disabled,
      onClick: () => onFitChange(fit === 'page' ? null : 'page'),
    }),
    tool({
      id: 'rotate',
      priority: 45,
      group: 'view',
      icon: <ArrowClockwiseRegular />,
      label: UI_TEXT.viewer.rotate,
      title: UI_TEXT.viewer.rotateTitle,
      disabled,
      onClick: () => onCommand('rotateClockwise'),
    }),
    tool({
      id: 'thumbnails',
      priority: 50,
      group: 'view',
      icon: <GridRegular />,
      label: UI_TEXT.viewer.thumbnails,
      checked: thumbnails,
      disabled: noPages,
      onClick: () => onThumbnailsChange(!thumbnails),
    }),
    tool({
      id: 'find',
      priority: 75,
      group: 'tools',
      icon: <SearchRegular />,
      label: UI_TEXT.viewer.find,
      title: UI_TEXT.viewer.findTitle,
      disabled,
      onClick: onFind,
    }),
    {
      id: 'notes',
      priority: 80,
      group: 'tools',
      bar: (
        <ToggleButton appearance="subtle" icon={<NoteRegular />} checked={notesOpen} onClick={onNotes}>
          {UI_TEXT.viewer.notes}
        </ToggleButton>
      ),
    },
    tool({
      id: 'download',
      priority: 65,
      group: 'tools',
      icon: <ArrowDownloadRegular />,
      label: UI_TEXT.viewer.download,
      disabled: !canDownload,
      onClick: onDownload,
    }),
    ...(props.extraActions ? [{ id: 'extra', priority: 30, group: 'tools', bar: props.extraActions }] : []),
    { id: 'split', priority: 20, group: 'tools', bar: <ViewerSplitButton /> },
  ];
  if (annotate) {
    items.push(
      tool({
        id: 'annotate',
        priority: 40,
        group: 'tools',
        icon: <InkStrokeRegular />,
        label: UI_TEXT.phone.annotate,
        checked: annotate.open,
        disabled,
        onClick: () => annotate.onChange(!annotate.open),
      }),
    );
  }
  return (
    <OverflowToolbar
      label={UI_TEXT.viewer.toolbar}
      moreLabel={UI_TEXT.phone.viewerTools}
      moreText={UI_TEXT.phone.more}
      items={items}
      className={mergeClasses(styles.toolbar, compact && styles.compact)}
      panelClassName={compact ? styles.compact : undefined}
    />
  );
}
