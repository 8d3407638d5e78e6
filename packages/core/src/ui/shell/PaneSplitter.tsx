import { useRef, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { LIMITS } from '../../model';
import { UI_TEXT } from '../../locale/uiText';

/** How much one arrow key press moves the split. */
const KEY_STEP_PERCENT = 5;

const useStyles = makeStyles({
  splitter: {
    flexShrink: 0,
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralStroke2,
    ':hover': { backgroundColor: tokens.colorNeutralStroke1Hover },
    ':focus-visible': { backgroundColor: tokens.colorStrokeFocus2, outline: 'none' },
  },
  stacked: { height: '6px', cursor: 'row-resize' },
  sideBySide: { width: '6px', cursor: 'col-resize' },
});

/** Props of PaneSplitter. */
export interface PaneSplitterProps {
  /** The viewer pane's share in percent: of the height when stacked, of the width side by side. */
  percent: number;
  onChange(percent: number): void;
  /** The element both panes share, to turn pointer positions into percentages. */
  container: () => HTMLElement | null;
  /** 'stacked' (default): the viewer below, a horizontal bar; 'sideBySide': the viewer on the right, a vertical bar. */
  layout?: 'stacked' | 'sideBySide';
}

/**
 * The bar between the document list and the inline viewer: drag it, or focus it and use the arrow
 * keys (ArrowUp/ArrowLeft give the viewer more room); the caller's resize applies the "below 10 %
 * hides" rule. Stacked and side-by-side layouts share it, as they share the pane size.
 */
export function PaneSplitter({ percent, onChange, container, layout = 'stacked' }: PaneSplitterProps): ReactElement {
  const styles = useStyles();
  const dragging = useRef(false);
  const sideBySide = layout === 'sideBySide';
  const fromPointer = (event: PointerEvent<HTMLDivElement>): void => {
    const box = container()?.getBoundingClientRect();
    if (!box) return;
    if (sideBySide) {
      if (box.width > 0) onChange(((box.right - event.clientX) / box.width) * 100);
    } else if (box.height > 0) {
      onChange(((box.bottom - event.clientY) / box.height) * 100);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const [grow, shrink] = sideBySide ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    if (event.key === grow) onChange(percent + KEY_STEP_PERCENT);
    else if (event.key === shrink) onChange(percent - KEY_STEP_PERCENT);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation={sideBySide ? 'vertical' : 'horizontal'}
      aria-label={UI_TEXT.shell.resizeViewerPane}
      aria-valuenow={percent}
      aria-valuemin={LIMITS.inlineViewerMinPercent}
      aria-valuemax={100 - LIMITS.inlineViewerMinPercent}
      tabIndex={0}
      className={mergeClasses(styles.splitter, sideBySide ? styles.sideBySide : styles.stacked)}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (dragging.current) fromPointer(event);
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
    />
  );
}
