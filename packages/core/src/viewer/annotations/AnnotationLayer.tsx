import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
} from 'react';
import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES, annotationColorToHex, isTextAnnotationType, type Annotation } from '../../model';
import {
  boxToScreen,
  normalizeBox,
  pageSizeInUnits,
  screenToPage,
  svgTransform,
  textHeightInUnits,
  type Box,
  type PageView,
  type Point,
} from './annotationGeometry';
import {
  centredShape,
  draftFromDrag,
  handlePositions,
  moveShape,
  resizeShape,
  sameBox,
  type AnnotationShape,
  type ResizeHandle,
} from './annotationEditing';
import { makeStyles, tokens } from '@fluentui/react-components';
import { viewerTokens } from '../viewerTokens';
import { handleAt, hitTest } from './annotationHitTest';
import type { AnnotationTool } from './annotationTypes';
import type { AnnotationTextEdit } from './AnnotationEditorSession';
import { UI_TEXT } from '../../locale/uiText';

/** Props of AnnotationLayer. */
export interface AnnotationLayerProps {
  page: number;
  view: PageView;
  annotations: readonly Annotation[];
  tool: AnnotationTool;
  /** Whether the user may draw new annotations. */
  canAdd: boolean;
  /** Whether the user may move, resize, recolour, retype or delete this annotation now. */
  isEditable(annotation: Annotation): boolean;
  selectedId: string | null;
  /** Colour of what is being drawn. */
  color: number;
  /** The text being typed on this page, if any. */
  textEdit: AnnotationTextEdit | null;
  onSelect(id: string | null): void;
  /** A shape was drawn with a drawing tool (text types then wait for their text). */
  onDraw(page: number, shape: AnnotationShape): void;
  /** An annotation was moved or resized to `shape`. */
  onReshape(annotation: Annotation, shape: AnnotationShape): void;
  /** The user asked to type into a text box or note (double click, or Enter on it). */
  onEditText(annotation: Annotation): void;
  onCommitText(text: string): void;
  onCancelText(): void;
}

type Drag =
  | { kind: 'draw'; start: Point; current: Point }
  | { kind: 'move'; annotation: Annotation; start: Point; shape: AnnotationShape }
  | { kind: 'resize'; annotation: Annotation; handle: ResizeHandle; shape: AnnotationShape };

/** Pointer slack for picking an annotation or a handle, in CSS pixels. */
const PICK_TOLERANCE_PX = 6;
/** Side of a resize handle, in CSS pixels. */
const HANDLE_PX = 9;

/**
 * The selection's outline and handles and the text editor's frame, in the theme's brand colour;
 * under forced colours (Windows high contrast) the system's Highlight and Canvas, so they stay visible.
 */
const useSelectionStyles = makeStyles({
  outline: { fill: 'none', stroke: tokens.colorBrandStroke1, '@media (forced-colors: active)': { stroke: 'Highlight' } },
  handle: {
    fill: tokens.colorNeutralBackground1,
    stroke: tokens.colorBrandStroke1,
    '@media (forced-colors: active)': { fill: 'Canvas', stroke: 'Highlight' },
  },
  editor: {
    // The text is typed in the annotation's own colour, so the field shows the page's paper behind it, slightly see-through.
    backgroundColor: `color-mix(in srgb, ${viewerTokens.dhDocumentPaper} 85%, transparent)`,
    border: `1px solid ${tokens.colorBrandStroke1}`,
    '@media (forced-colors: active)': { backgroundColor: 'Canvas', color: 'CanvasText', border: '1px solid Highlight' },
  },
});

const layerStyle: CSSProperties = { position: 'absolute', inset: 0, overflow: 'hidden' };

/**
 * The annotations of one shown page, drawn in SVG over the page in annotation units through one
 * transform (0.36 pt per unit × zoom, then the viewer's rotation), so they follow zoom and
 * rotation exactly. Handles pointer drawing, selection, moving and resizing (hit testing and
 * geometry in the pure modules beside it); each annotation is a focusable `role="img"` named
 * like 'Rectangle annotation'. Saving is the caller's: this reports finished gestures only.
 */
export function AnnotationLayer(props: AnnotationLayerProps): ReactElement {
  const { page, view, annotations, tool, canAdd, isEditable, selectedId, color, textEdit, onSelect, onDraw, onReshape, onEditText } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const bounds = pageSizeInUnits(view);
  const unitsPerPixel = 1 / (ANNOTATION_GEOMETRY.scaling * view.scale);
  const tolerance = PICK_TOLERANCE_PX * unitsPerPixel;

  const setDragState = (next: Drag | null): void => {
    dragRef.current = next;
    setDrag(next);
  };

  // Escape cancels a drawing, a move or a resize in progress (before the viewer sees the key).
  useEffect(() => {
    if (!drag) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setDragState(null);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [drag]);

  const pointAt = (event: ReactPointerEvent): Point => {
    const rect = svgRef.current?.getBoundingClientRect();
    return screenToPage(view, { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) });
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>): void => {
    if (event.button !== 0 || textEdit) return;
    const point = pointAt(event);
    let next: Drag | null = null;
    if (tool !== 'select') {
      if (!canAdd) return;
      next = { kind: 'draw', start: point, current: point };
    } else {
      const selected = annotations.find((annotation) => annotation.id === selectedId);
      const handle = selected && isEditable(selected) ? handleAt(selected, point, tolerance + (HANDLE_PX / 2) * unitsPerPixel) : null;
      if (selected && handle) {
        next = { kind: 'resize', annotation: selected, handle, shape: selected };
      } else {
        const hit = hitTest(annotations, point, tolerance);
        onSelect(hit?.id ?? null);
        // The drag below keeps the browser from moving focus; move it to the picked annotation so its keys (Delete, arrows) reach the viewer.
        if (hit) focusAnnotation(svgRef.current, hit.id);
        if (hit && isEditable(hit)) next = { kind: 'move', annotation: hit, start: point, shape: hit };
      }
    }
    if (!next) return;
    event.preventDefault();
    svgRef.current?.setPointerCapture?.(event.pointerId);
    setDragState(next);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>): void => {
    const current = dragRef.current;
    if (!current) return;
    const point = pointAt(event);
    if (current.kind === 'draw') setDragState({ ...current, current: point });
    else if (current.kind === 'move') {
      setDragState({
        ...current,
        shape: moveShape(current.annotation, { x: point.x - current.start.x, y: point.y - current.start.y }, bounds),
      });
    } else setDragState({ ...current, shape: resizeShape(current.annotation, current.handle, point, bounds) });
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>): void => {
    const current = dragRef.current;
    if (!current) return;
    setDragState(null);
    if (current.kind === 'draw') {
      if (tool === 'select') return;
      const shape = draftFromDrag(tool, current.start, pointAt(event), bounds);
      if (shape) onDraw(page, shape);
      return;
    }
    if (!sameBox(current.shape, current.annotation)) onReshape(current.annotation, current.shape);
  };

  const onDoubleClick = (): void => {
    const selected = annotations.find((annotation) => annotation.id === selectedId);
    if (tool === 'select' && selected && isTextAnnotationType(selected.type) && isEditable(selected)) onEditText(selected);
  };

  const onAnnotationKeyDown = (event: ReactKeyboardEvent, annotation: Annotation): void => {
    if (event.key === 'Enter' && isTextAnnotationType(annotation.type) && isEditable(annotation)) {
      event.preventDefault();
      onSelect(annotation.id);
      onEditText(annotation);
    }
  };

  // Keyboard drawing: with a drawing tool, Enter (or Space) on the focused page places the shape in its middle.
  const onLayerKeyDown = (event: ReactKeyboardEvent<SVGSVGElement>): void => {
    if (event.target !== event.currentTarget || tool === 'select' || !canAdd || textEdit) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onDraw(page, centredShape(tool, bounds));
  };

  const drawn = drag?.kind === 'draw' && tool !== 'select' ? draftFromDrag(tool, drag.start, drag.current, bounds) : null;
  const selected = annotations.find((annotation) => annotation.id === selectedId) ?? null;
  const reshaped = drag && drag.kind !== 'draw' ? drag : null;
  const shown = (annotation: Annotation): Annotation =>
    reshaped?.annotation.id === annotation.id ? { ...annotation, ...reshaped.shape } : annotation;
  const selectedShape = selected ? shown(selected) : null;
  const cursor = tool !== 'select' ? (canAdd ? 'crosshair' : 'not-allowed') : drag?.kind === 'move' ? 'move' : 'default';

  return (
    <div style={{ ...layerStyle, pointerEvents: tool === 'select' && !textEdit ? 'none' : 'auto' }} data-annotation-layer={page}>
      <svg
        ref={svgRef}
        width="100%"
        height="100%"
        // With the select tool the page's text layer below takes the pointer (select and copy text);
        // the annotations themselves and the selection frame stay clickable (pointer-events: visiblePainted).
        style={{
          position: 'absolute',
          inset: 0,
          cursor,
          touchAction: tool === 'select' ? 'auto' : 'none',
          pointerEvents: tool === 'select' ? 'none' : 'auto',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragState(null)}
        onDoubleClick={onDoubleClick}
        onKeyDown={onLayerKeyDown}
        tabIndex={tool !== 'select' && canAdd ? 0 : undefined}
        aria-label={UI_TEXT.viewer.annotationsOnPage(page)}
        role="group"
      >
        <g transform={svgTransform(view)} pointerEvents="visiblePainted">
          {annotations.map((annotation) =>
            textEdit?.id === annotation.id ? null : (
              <g
                key={annotation.id}
                role="img"
                aria-label={UI_TEXT.viewer.annotationLabel(annotation.type, annotation.content)}
                tabIndex={0}
                data-annotation-id={annotation.id}
                onFocus={() => onSelect(annotation.id)}
                onKeyDown={(event) => onAnnotationKeyDown(event, annotation)}
                style={{ outline: 'none' }}
              >
                <AnnotationShapeView annotation={shown(annotation)} />
              </g>
            ),
          )}
          {drawn ? <AnnotationShapeView annotation={{ ...drawn, color, content: null, size: null }} /> : null}
          {textEdit ? <AnnotationShapeView annotation={{ ...textEdit.shape, color: textEdit.color, content: null, size: null }} /> : null}
          {selectedShape && !textEdit ? (
            <SelectionFrame shape={selectedShape} unitsPerPixel={unitsPerPixel} handles={isEditable(selectedShape)} />
          ) : null}
        </g>
      </svg>
      {textEdit ? (
        <AnnotationTextEditor
          key={`${textEdit.id ?? 'new'}`}
          edit={textEdit}
          view={view}
          onCommit={props.onCommitText}
          onCancel={props.onCancelText}
        />
      ) : null}
    </div>
  );
}

/** Focuses an annotation's element without scrolling the pages. */
function focusAnnotation(svg: SVGSVGElement | null, id: string): void {
  const element = Array.from(svg?.querySelectorAll<SVGGElement>('[data-annotation-id]') ?? []).find(
    (candidate) => candidate.dataset.annotationId === id,
  );
  element?.focus({ preventScroll: true });
}

/** What a shape needs to be drawn. */
type Drawable = AnnotationShape & Pick<Annotation, 'color' | 'content' | 'size'>;

/** Draws one annotation in annotation units, as the server's burn-in draws it (burnInAnnotations.ts). */
function AnnotationShapeView({ annotation }: { annotation: Drawable }): ReactElement | null {
  const color = annotationColorToHex(annotation.color);
  const stroke = ANNOTATION_GEOMETRY.strokeWidth;
  const box = normalizeBox(annotation);
  switch (annotation.type) {
    case ANNOTATION_TYPES.solidRectangle:
      return <rect {...box} fill={color} />;
    case ANNOTATION_TYPES.area:
      return <rect {...box} fill="transparent" stroke={color} strokeWidth={stroke} />;
    case ANNOTATION_TYPES.highlight:
      return <rect {...box} fill={color} fillOpacity={ANNOTATION_GEOMETRY.highlightOpacity} style={{ mixBlendMode: 'multiply' }} />;
    case ANNOTATION_TYPES.solidEllipse:
    case ANNOTATION_TYPES.hollowEllipse:
      return (
        <ellipse
          cx={box.x + box.width / 2}
          cy={box.y + box.height / 2}
          rx={box.width / 2}
          ry={box.height / 2}
          fill={annotation.type === ANNOTATION_TYPES.solidEllipse ? color : 'transparent'}
          stroke={annotation.type === ANNOTATION_TYPES.hollowEllipse ? color : undefined}
          strokeWidth={stroke}
        />
      );
    case ANNOTATION_TYPES.line:
      return (
        <>
          {/* A wider invisible run so a thin line is easy to see as a target; picking itself is hitTest's. */}
          <line
            x1={annotation.x}
            y1={annotation.y}
            x2={annotation.x + annotation.width}
            y2={annotation.y + annotation.height}
            stroke="transparent"
            strokeWidth={stroke * 4}
          />
          <line
            x1={annotation.x}
            y1={annotation.y}
            x2={annotation.x + annotation.width}
            y2={annotation.y + annotation.height}
            stroke={color}
            strokeWidth={stroke}
            strokeLinecap="round"
          />
        </>
      );
    case ANNOTATION_TYPES.note:
      return (
        <>
          <rect {...box} fill={color} fillOpacity={ANNOTATION_GEOMETRY.noteFillOpacity} stroke={color} strokeWidth={stroke} />
          <AnnotationText box={box} text={annotation.content} size={annotation.size} color={viewerTokens.dhAnnotationNoteText} />
        </>
      );
    case ANNOTATION_TYPES.textbox:
      return (
        <>
          {/* Transparent fill: the whole box is the target, as the burn-in shows text only. */}
          <rect {...box} fill="transparent" />
          <AnnotationText box={box} text={annotation.content} size={annotation.size} color={color} />
        </>
      );
    default:
      return null;
  }
}

/** Text wrapped to its box (Helvetica, size × 2 units, padding, clipped), like the burn-in. */
function AnnotationText({
  box,
  text,
  size,
  color,
}: {
  box: Box;
  text: string | null;
  size: number | null;
  color: string;
}): ReactElement | null {
  if (!text) return null;
  const fontSize = textHeightInUnits(size ?? ANNOTATION_GEOMETRY.defaultTextSize);
  return (
    <foreignObject x={box.x} y={box.y} width={box.width} height={box.height} aria-hidden="true">
      <div
        style={{
          boxSizing: 'border-box',
          width: '100%',
          height: '100%',
          overflow: 'hidden',
          padding: ANNOTATION_GEOMETRY.textPadding,
          fontFamily: 'Helvetica, Arial, sans-serif',
          fontSize,
          lineHeight: 1.2,
          color,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          userSelect: 'none',
        }}
      >
        {text}
      </div>
    </foreignObject>
  );
}

/** The selection outline and, when it can be changed, its resize handles (constant size on screen). */
function SelectionFrame({
  shape,
  unitsPerPixel,
  handles,
}: {
  shape: AnnotationShape;
  unitsPerPixel: number;
  handles: boolean;
}): ReactElement {
  const styles = useSelectionStyles();
  const box = normalizeBox(shape);
  const side = HANDLE_PX * unitsPerPixel;
  return (
    <g aria-hidden="true" pointerEvents="none">
      <rect
        {...box}
        className={styles.outline}
        strokeWidth={unitsPerPixel * 1.5}
        strokeDasharray={`${4 * unitsPerPixel} ${3 * unitsPerPixel}`}
      />
      {handles
        ? handlePositions(shape).map(({ handle, point }) => (
            <rect
              key={handle}
              data-handle={handle}
              x={point.x - side / 2}
              y={point.y - side / 2}
              width={side}
              height={side}
              className={styles.handle}
              strokeWidth={unitsPerPixel}
            />
          ))
        : null}
    </g>
  );
}

/** A text field over a text box or note while its text is typed: Enter keeps it (Shift+Enter breaks the line), Escape drops it. */
function AnnotationTextEditor({
  edit,
  view,
  onCommit,
  onCancel,
}: {
  edit: AnnotationTextEdit;
  view: PageView;
  onCommit(text: string): void;
  onCancel(): void;
}): ReactElement {
  const styles = useSelectionStyles();
  const [text, setText] = useState(edit.text);
  const finished = useRef(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const screen = boxToScreen(view, normalizeBox(edit.shape));
  const pixelsPerUnit = ANNOTATION_GEOMETRY.scaling * view.scale;
  const finish = (commit: boolean): void => {
    if (finished.current) return;
    finished.current = true;
    if (commit) onCommit(text);
    else onCancel();
  };
  return (
    <textarea
      ref={ref}
      className={styles.editor}
      aria-label={UI_TEXT.viewer.annotationText}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      maxLength={ANNOTATION_GEOMETRY.maxContentLength}
      style={{
        position: 'absolute',
        left: screen.x,
        top: screen.y,
        width: Math.max(screen.width, 40),
        height: Math.max(screen.height, 24),
        boxSizing: 'border-box',
        margin: 0,
        padding: ANNOTATION_GEOMETRY.textPadding * pixelsPerUnit,
        fontFamily: 'Helvetica, Arial, sans-serif',
        fontSize: textHeightInUnits(edit.size) * pixelsPerUnit,
        lineHeight: 1.2,
        color: edit.shape.type === ANNOTATION_TYPES.note ? viewerTokens.dhAnnotationNoteText : annotationColorToHex(edit.color),
        resize: 'none',
      }}
    />
  );
}
