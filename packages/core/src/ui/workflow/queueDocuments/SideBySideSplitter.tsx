import { useRef, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LIMITS } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';

/** How much one arrow key press moves the split. */
const KEY_STEP_PERCENT = 5;

const useStyles = makeStyles({
  splitter: {
    flexShrink: 0,
    width: '6px',
    cursor: 'col-resize',
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralStroke2,
    ':hover': { backgroundColor: tokens.colorNeutralStroke1Hover },
    ':focus-visible': { backgroundColor: tokens.colorStrokeFocus2, outline: 'none' },
  },
});

/** Props of SideBySideSplitter. */
export interface SideBySideSplitterProps {
  /** The document pane's share of the width, in percent. */
  percent: number;
  onChange(percent: number): void;
  /** The element both panes share, to turn pointer positions into percentages. */
  container: () => HTMLElement | null;
}

/**
 * The bar between the list and the document when they stand side by side: drag it, or focus it
 * and use ArrowLeft (a wider document) / ArrowRight; the same pane size and the same "below 10 %
 * hides" rule as the bar of the stacked layout (the caller's resize).
 */
export function SideBySideSplitter({ percent, onChange, container }: SideBySideSplitterProps): ReactElement {
  const styles = useStyles();
  const dragging = useRef(false);
  const fromPointer = (event: PointerEvent<HTMLDivElement>): void => {
    const box = container()?.getBoundingClientRect();
    if (!box || box.width <= 0) return;
    onChange(((box.right - event.clientX) / box.width) * 100);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'ArrowLeft') onChange(percent + KEY_STEP_PERCENT);
    else if (event.key === 'ArrowRight') onChange(percent - KEY_STEP_PERCENT);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={UI_TEXT.shell.resizeViewerPane}
      aria-valuenow={percent}
      aria-valuemin={LIMITS.inlineViewerMinPercent}
      aria-valuemax={100 - LIMITS.inlineViewerMinPercent}
      tabIndex={0}
      className={styles.splitter}
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
