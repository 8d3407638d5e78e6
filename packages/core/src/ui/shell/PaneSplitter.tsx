import { useRef, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LIMITS } from '../../model';
import { UI_TEXT } from '../../locale/uiText';

/** How much one arrow key press moves the split. */
const KEY_STEP_PERCENT = 5;

const useStyles = makeStyles({
  splitter: {
    flexShrink: 0,
    height: '6px',
    cursor: 'row-resize',
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralStroke2,
    ':hover': { backgroundColor: tokens.colorNeutralStroke1Hover },
    ':focus-visible': { backgroundColor: tokens.colorStrokeFocus2, outline: 'none' },
  },
});

/** Props of PaneSplitter. */
export interface PaneSplitterProps {
  /** The bottom pane's share in percent. */
  percent: number;
  onChange(percent: number): void;
  /** The element both panes share, to turn pointer positions into percentages. */
  container: () => HTMLElement | null;
}

/** The bar between the document list and the inline viewer: drag it, or focus it and use ArrowUp/ArrowDown (min 10 %). */
export function PaneSplitter({ percent, onChange, container }: PaneSplitterProps): ReactElement {
  const styles = useStyles();
  const dragging = useRef(false);
  const fromPointer = (event: PointerEvent<HTMLDivElement>): void => {
    const box = container()?.getBoundingClientRect();
    if (!box || box.height <= 0) return;
    onChange(((box.bottom - event.clientY) / box.height) * 100);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'ArrowUp') onChange(percent + KEY_STEP_PERCENT);
    else if (event.key === 'ArrowDown') onChange(percent - KEY_STEP_PERCENT);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
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
