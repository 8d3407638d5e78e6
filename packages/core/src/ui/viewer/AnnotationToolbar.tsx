import { useEffect, useRef, useState, type ReactElement } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SpinButton,
  ToggleButton,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowRedoRegular } from '@fluentui/react-icons/svg/arrow-redo';
import { ArrowUndoRegular } from '@fluentui/react-icons/svg/arrow-undo';
import { CursorRegular } from '@fluentui/react-icons/svg/cursor';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { HighlightRegular } from '@fluentui/react-icons/svg/highlight';
import { LineRegular } from '@fluentui/react-icons/svg/line';
import { NoteRegular } from '@fluentui/react-icons/svg/note';
import { OvalFilled, OvalRegular } from '@fluentui/react-icons/svg/oval';
import { RectangleLandscapeFilled } from '@fluentui/react-icons/svg/rectangle-landscape';
import { SquareRegular } from '@fluentui/react-icons/svg/square';
import { TextEditStyleRegular } from '@fluentui/react-icons/svg/text-edit-style';
import { TextboxRegular } from '@fluentui/react-icons/svg/textbox';
import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES, annotationColorToHex, isTextAnnotationType, type AnnotationType } from '../../model';
import { hexToColor } from '../../viewer/annotations/annotationTypes';
import type { AnnotationEditor } from './useAnnotationEditor';
import { UI_TEXT } from '../../locale/uiText';
import { OverflowToolbar, type OverflowToolbarItem } from '../shell/OverflowToolbar';
import { PHONE_TARGET_PX } from '../workflow/phone/phoneLayout';

const ICONS: Readonly<Record<AnnotationType, ReactElement>> = {
  [ANNOTATION_TYPES.textbox]: <TextboxRegular />,
  [ANNOTATION_TYPES.solidRectangle]: <RectangleLandscapeFilled />,
  [ANNOTATION_TYPES.area]: <SquareRegular />,
  [ANNOTATION_TYPES.solidEllipse]: <OvalFilled />,
  [ANNOTATION_TYPES.hollowEllipse]: <OvalRegular />,
  [ANNOTATION_TYPES.line]: <LineRegular />,
  [ANNOTATION_TYPES.note]: <NoteRegular />,
  [ANNOTATION_TYPES.highlight]: <HighlightRegular />,
};

const useStyles = makeStyles({
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  color: {
    width: '28px',
    height: '24px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    ':disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  size: { width: '72px' },
  // On a phone every button of the bar and of More is a 44 px touch target.
  compact: { '& button': { minWidth: `${PHONE_TARGET_PX}px`, minHeight: `${PHONE_TARGET_PX}px` } },
  removed: { margin: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}` },
});

/** Props of AnnotationToolbar. */
export interface AnnotationToolbarProps {
  editor: AnnotationEditor;
  /** Off while the document is not shown. */
  disabled: boolean;
  /** A phone (issue 38): every button a 44 px touch target. */
  compact?: boolean;
}

/**
 * The annotation toolbar (role toolbar 'Annotations', arrow keys move between its controls):
 * Select and the eight drawing tools, one colour control for all types, the text size, Edit
 * text, Delete annotation, Undo and Redo; and, after a delete, an "Annotation removed — Undo"
 * bar. Drawing tools are off without the annotation privileges or under another user's lock.
 * One line at every width: what does not fit waits behind "More annotation tools".
 */
export function AnnotationToolbar({ editor, disabled, compact = false }: AnnotationToolbarProps): ReactElement {
  const styles = useStyles();
  const { selected, tool, canAdd } = editor;
  const selectedEditable = selected !== null && editor.isEditable(selected);
  const textSelected = selected !== null && isTextAnnotationType(selected.type);
  const drawingText = tool === ANNOTATION_TYPES.textbox || tool === ANNOTATION_TYPES.note;
  const canStyle = !disabled && (selected ? selectedEditable : canAdd);
  /** An icon button on the bar; in More it shows its name beside the icon (the same accessible name). */
  const button = (spec: {
    id: string;
    priority: number;
    group: string;
    icon: ReactElement;
    label: string;
    title: string;
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
          title={spec.title}
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
          title={spec.title}
          checked={spec.checked}
          disabled={spec.disabled}
          onClick={spec.onClick}
        >
          {inPanel ? spec.label : undefined}
        </ToggleButton>
      );
    return { id: spec.id, priority: spec.priority, group: spec.group, bar: render(false), inPanel: render(true) };
  };
  // Select and undo stay on the bar longest, then the drawing tools in their order; style and text controls go first.
  const items: OverflowToolbarItem[] = [
    button({
      id: 'select',
      priority: 100,
      group: 'draw',
      icon: <CursorRegular />,
      label: UI_TEXT.viewer.select,
      title: UI_TEXT.viewer.selectTitle,
      checked: tool === 'select',
      disabled,
      onClick: () => editor.setTool('select'),
    }),
    ...UI_TEXT.viewer.annotationTools.map(({ type, name }, index) =>
      button({
        id: `draw-${type}`,
        priority: 90 - index,
        group: 'draw',
        icon: ICONS[type],
        label: name,
        title: UI_TEXT.viewer.drawTool(name),
        checked: tool === type,
        disabled: disabled || !canAdd,
        onClick: () => editor.setTool(tool === type ? 'select' : type),
      }),
    ),
    {
      id: 'colour',
      priority: 50,
      group: 'style',
      bar: <AnnotationColorInput className={styles.color} color={editor.color} disabled={!canStyle} onColor={editor.setColor} />,
    },
    {
      id: 'size',
      priority: 45,
      group: 'style',
      bar: (
        <SpinButton
          className={styles.size}
          size="small"
          aria-label={UI_TEXT.viewer.textSize}
          min={ANNOTATION_GEOMETRY.minTextSize}
          max={ANNOTATION_GEOMETRY.maxTextSize}
          value={editor.textSize}
          disabled={disabled || !(textSelected ? selectedEditable : canAdd && (drawingText || !selected))}
          onChange={(_event, data) => {
            const next = data.value ?? (data.displayValue === undefined ? null : Number.parseInt(data.displayValue, 10));
            if (next !== null && Number.isFinite(next)) editor.setTextSize(next);
          }}
        />
      ),
    },
    button({
      id: 'editText',
      priority: 40,
      group: 'style',
      icon: <TextEditStyleRegular />,
      label: UI_TEXT.viewer.editText,
      title: UI_TEXT.viewer.editTextTitle,
      disabled: disabled || !textSelected || !selectedEditable,
      onClick: () => selected && editor.editText(selected),
    }),
    button({
      id: 'delete',
      priority: 60,
      group: 'edit',
      icon: <DeleteRegular />,
      label: UI_TEXT.viewer.deleteAnnotation,
      title: UI_TEXT.viewer.deleteAnnotationTitle,
      disabled: disabled || !selectedEditable,
      onClick: editor.removeSelected,
    }),
    button({
      id: 'undo',
      priority: 95,
      group: 'edit',
      icon: <ArrowUndoRegular />,
      label: UI_TEXT.viewer.undo,
      title: UI_TEXT.viewer.undoTitle,
      disabled: disabled || !editor.canUndo,
      onClick: editor.undo,
    }),
    button({
      id: 'redo',
      priority: 70,
      group: 'edit',
      icon: <ArrowRedoRegular />,
      label: UI_TEXT.viewer.redo,
      title: UI_TEXT.viewer.redoTitle,
      disabled: disabled || !editor.canRedo,
      onClick: editor.redo,
    }),
  ];
  return (
    <>
      <OverflowToolbar
        label={UI_TEXT.viewer.annotations}
        moreLabel={UI_TEXT.phone.annotationTools}
        moreText={UI_TEXT.phone.more}
        items={items}
        className={mergeClasses(styles.toolbar, compact && styles.compact)}
        panelClassName={compact ? styles.compact : undefined}
      />
      {editor.justRemoved ? (
        <MessageBar intent="info" layout="multiline" className={styles.removed}>
          <MessageBarBody>{UI_TEXT.viewer.annotationRemoved}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={UI_TEXT.viewer.dismiss}
                icon={<DismissRegular />}
                onClick={editor.dismissRemoved}
              />
            }
          >
            <Button size="small" onClick={editor.undo} disabled={!editor.canUndo}>
              {UI_TEXT.viewer.undoDelete}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
    </>
  );
}

/**
 * The one colour control for every type: a native colour picker. The colour is taken when the
 * picker closes (the native 'change'), not on each move inside it, so one pick is one save.
 */
function AnnotationColorInput({
  className,
  color,
  disabled,
  onColor,
}: {
  className: string;
  color: number;
  disabled: boolean;
  onColor(color: number): void;
}): ReactElement {
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ color, onColor });
  latest.current = { color, onColor };
  const [shown, setShown] = useState(annotationColorToHex(color));
  useEffect(() => setShown(annotationColorToHex(color)), [color]);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return undefined;
    const onChange = (): void => {
      const next = hexToColor(input.value);
      if (next !== null && next !== latest.current.color) latest.current.onColor(next);
    };
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);
  return (
    <Tooltip content={UI_TEXT.viewer.annotationColour} relationship="description">
      <input
        ref={inputRef}
        type="color"
        aria-label={UI_TEXT.viewer.annotationColour}
        className={className}
        value={shown}
        disabled={disabled}
        onChange={(event) => setShown(event.currentTarget.value)}
      />
    </Tooltip>
  );
}
