import { ANNOTATION_GEOMETRY, isTextAnnotationType, type Annotation, type AnnotationFields, type AnnotationInput } from '../../model';
import { validateAnnotation } from '../../rules';
import type { ViewerKey } from '../viewerKeys';
import { growShape, isLineType, moveShape, sameBox, type AnnotationShape } from './annotationEditing';
import { applyMatrixToVector, invertMatrix, pageSizeInUnits, pageToScreenMatrix, type PageView } from './annotationGeometry';
import {
  EMPTY_ANNOTATION_HISTORY,
  afterRedo,
  afterUndo,
  annotationFields,
  nextRedo,
  nextUndo,
  recordChange,
  redoOperation,
  replaceAnnotationId,
  undoOperation,
  type AnnotationChange,
  type AnnotationHistory,
  type AnnotationOperation,
} from './annotationHistory';
import { annotationCommandForKey, type AnnotationKeyCommand } from './annotationKeys';
import { findAnnotation, shownList, storedWith, type PendingChange, type PendingChanges, type ShownPages } from './annotationPageLists';
import type { AnnotationTool } from './annotationTypes';

/** The text being typed into a text box or note on a page: a new one (no id yet) or an existing one. */
export interface AnnotationTextEdit {
  page: number;
  /** The annotation being changed; null while a new one waits for its text. */
  id: string | null;
  shape: AnnotationShape;
  color: number;
  size: number;
  text: string;
}

/** What the document's own state and the user's privileges allow (the caller works them out). */
export interface AnnotationAccess {
  /** Whether annotations of this document may change at all (lock, queue flags). */
  editable: boolean;
  /** Whether the user may draw new annotations on it. */
  canAdd: boolean;
}

/** One moment of an annotation editing session: a new object on every change, the same one otherwise. */
export interface AnnotationEditorState {
  /** The open document; 0 while none is. */
  readonly docId: number;
  readonly access: AnnotationAccess;
  /** The pages whose annotations were asked for, in the order they were. */
  readonly requestedPages: readonly number[];
  /** Saves under way, shown over the stored lists until the server answers. */
  readonly pending: PendingChanges;
  readonly tool: AnnotationTool;
  /** Colour of new annotations (and the selected one's, once selected). */
  readonly color: number;
  /** Text size of new text annotations (and the selected one's). */
  readonly textSize: number;
  readonly selectedId: string | null;
  readonly textEdit: AnnotationTextEdit | null;
  readonly history: AnnotationHistory;
  /** An undo or redo is being saved: the history waits for its answer. */
  readonly stepping: boolean;
  /** Set after a delete until the next change: the "Annotation removed — Undo" bar shows. */
  readonly justRemoved: boolean;
}

/** The saving half of the annotations resource (structurally the api's AnnotationsApi, which viewer/ does not import). */
export interface AnnotationSaver {
  createAnnotation(docId: number, input: AnnotationInput): Promise<Annotation>;
  updateAnnotation(id: string, input: Partial<AnnotationInput>): Promise<Annotation>;
  deleteAnnotation(id: string): Promise<void>;
}

/** Where the pages' stored lists live (the query cache in the app): what the server last said of each page. */
export interface AnnotationPageStore {
  /** A page's stored list; undefined while it has not been loaded. */
  read(docId: number, page: number): readonly Annotation[] | undefined;
  /** A page is shown (again): a page whose last load failed is asked for again. */
  retryFailed(docId: number, page: number): void;
  /** Writes a save's answer into a page's stored list (nothing when the list is not loaded). */
  write(docId: number, page: number, change: (list: readonly Annotation[]) => Annotation[]): void;
}

/** Everything a session reaches outside itself, handed in so it runs (and is tested) without React, a DOM or a server. */
export interface AnnotationEditorPorts {
  saver: AnnotationSaver;
  pages: AnnotationPageStore;
  /** Shows why a save failed (the server's reason, a 409 included). */
  reportFailure(error: unknown): void;
  /** Shows the shared rules' reason for a change refused before any round trip. */
  reportInvalid(message: string): void;
  /** The clock: a draft's timestamps. */
  now(): Date;
  /** A fresh id for an annotation the server has not stored yet. */
  draftId(): string;
}

/** What an undo or redo did on the server: nothing more to tell, or the annotation stored again under a new id. */
type StepOutcome = 'done' | { replacedId: string; replacement: Annotation };

const NO_PAGES: readonly number[] = [];
const NO_CHANGES: PendingChanges = new Map();
const NO_ANNOTATIONS: readonly Annotation[] = [];

const INITIAL_STATE: AnnotationEditorState = {
  docId: 0,
  access: { editable: false, canAdd: false },
  requestedPages: NO_PAGES,
  pending: NO_CHANGES,
  tool: 'select',
  color: ANNOTATION_GEOMETRY.defaultColor,
  textSize: ANNOTATION_GEOMETRY.defaultTextSize,
  selectedId: null,
  textEdit: null,
  history: EMPTY_ANNOTATION_HISTORY,
  stepping: false,
  justRemoved: false,
};

/** What a create sends: the text fields only for the text types. */
function createInput(fields: AnnotationFields): AnnotationInput {
  const input: AnnotationInput = {
    type: fields.type,
    page: fields.page,
    color: fields.color,
    x: fields.x,
    y: fields.y,
    width: fields.width,
    height: fields.height,
  };
  if (isTextAnnotationType(fields.type)) {
    input.content = fields.content;
    input.size = fields.size;
  }
  return input;
}

/**
 * The annotation editing of one viewer, outside any view (as pdf.js keeps its editors): the open
 * document's selection, tool, colour and text size, the text being typed, the undo and redo
 * history and the keys. Every finished change is saved at once, optimistically: it shows over the
 * page's stored list while its save is under way; the server's answer then goes into the page
 * store, and a refused save (a 409 included) simply stops showing, its reason reported. Snapshots
 * (`getSnapshot` / `subscribe`) are shaped for React's useSyncExternalStore.
 */
export class AnnotationEditorSession {
  private readonly ports: AnnotationEditorPorts;
  private state: AnnotationEditorState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();
  /** Counts openings: a save's answer that arrives after another document opened changes nothing shown. */
  private generation = 0;
  /** Saves under way for the user's own changes: an undo waits for them so it takes back the latest one. */
  private inflight = new Set<Promise<unknown>>();
  /** Every save under way, of any opening (whenIdle waits for them). */
  private readonly saving = new Set<Promise<unknown>>();
  /** The undo and redo steps, each run after the one before settled. */
  private steps: Promise<void> = Promise.resolve();
  /**
   * How each page is shown (its layer says), so keys move and size in the directions seen on
   * screen. Kept across documents: a layer tells its view again only when the view changes.
   */
  private readonly pageViews = new Map<number, PageView>();

  /** A session over its ports, with no document open yet. */
  constructor(ports: AnnotationEditorPorts) {
    this.ports = ports;
  }

  /** Registers a listener of state changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current state; the same object until something changes. */
  readonly getSnapshot = (): AnnotationEditorState => this.state;

  /**
   * Opens a document (0: none) with what it allows. Another document starts afresh: nothing
   * selected, typed or undoable, no page asked for; the tool, colour and text size stay.
   */
  open(docId: number, access: AnnotationAccess): void {
    const current = this.state.access;
    const sameAccess = access.editable === current.editable && access.canAdd === current.canAdd;
    if (docId === this.state.docId) {
      if (!sameAccess) this.patch({ access });
      return;
    }
    this.generation++;
    this.inflight = new Set();
    this.patch({
      docId,
      access,
      requestedPages: NO_PAGES,
      pending: NO_CHANGES,
      selectedId: null,
      textEdit: null,
      history: EMPTY_ANNOTATION_HISTORY,
      justRemoved: false,
    });
  }

  /** Asks for a page's annotations once (and again when its last load failed). */
  loadPage(page: number): void {
    const { docId, requestedPages } = this.state;
    if (docId === 0) return;
    this.ports.pages.retryFailed(docId, page);
    if (!requestedPages.includes(page)) this.patch({ requestedPages: [...requestedPages, page] });
  }

  /** Tells the session how a page is shown (its layer calls this), for keys in screen directions. */
  showPage(page: number, view: PageView): void {
    this.pageViews.set(page, view);
  }

  /** The asked-for pages' annotations as shown now, read from the page store itself (a save's answer is there at once). */
  shownPages(): ShownPages {
    const { docId, requestedPages, pending } = this.state;
    const pages: Record<number, readonly Annotation[]> = {};
    for (const page of requestedPages) pages[page] = shownList(this.ports.pages.read(docId, page) ?? NO_ANNOTATIONS, docId, page, pending);
    return pages;
  }

  /** A page's annotations as shown now (none for a page not asked for). */
  annotationsFor(page: number): readonly Annotation[] {
    return this.shownPages()[page] ?? NO_ANNOTATIONS;
  }

  /** The selected annotation as shown now, or null. */
  selected(): Annotation | null {
    const id = this.state.selectedId;
    return id === null ? null : findAnnotation(this.shownPages(), id);
  }

  /** Whether an annotation may be changed now: the document allows it, the server's canEdit, and no save of it under way. */
  isEditable(annotation: Annotation): boolean {
    return this.state.access.editable && annotation.canEdit && !this.state.pending.has(annotation.id);
  }

  /** Whether Undo has something to take back (and no undo or redo is being saved). */
  canUndo(): boolean {
    return this.state.history.undo.length > 0 && !this.state.stepping;
  }

  /** Whether Redo has something to make again (and no undo or redo is being saved). */
  canRedo(): boolean {
    return this.state.history.redo.length > 0 && !this.state.stepping;
  }

  /** Picks the tool; a drawing tool drops the selection, any tool the text being typed. */
  setTool(tool: AnnotationTool): void {
    this.patch(tool === 'select' ? { tool, textEdit: null } : { tool, textEdit: null, selectedId: null });
  }

  /** Selects an annotation (null: none); the colour and text size controls take its own, so they say what they will change. */
  select(id: string | null): void {
    const annotation = id === null ? null : findAnnotation(this.shownPages(), id);
    if (!annotation) {
      this.patch({ selectedId: id });
      return;
    }
    this.patch({ selectedId: id, color: annotation.color, textSize: annotation.size ?? this.state.textSize });
  }

  /** Sets the colour of new annotations, and recolours the selected annotation. */
  setColor(color: number): void {
    this.patch({ color });
    const selected = this.selected();
    if (selected && selected.color !== color) this.update(selected, { color });
  }

  /** Sets the text size of new text annotations (kept within the allowed sizes), and of the selected text annotation. */
  setTextSize(next: number): void {
    const size = Math.min(ANNOTATION_GEOMETRY.maxTextSize, Math.max(ANNOTATION_GEOMETRY.minTextSize, Math.round(next)));
    this.patch({ textSize: size });
    const selected = this.selected();
    if (selected && isTextAnnotationType(selected.type) && selected.size !== size) this.update(selected, { size });
  }

  /** A shape was drawn: saved at once and then selected; a text box or note first waits for its text. */
  draw(page: number, shape: AnnotationShape): void {
    if (!this.state.access.canAdd) return;
    const { color, textSize } = this.state;
    if (isTextAnnotationType(shape.type)) {
      this.patch({ textEdit: { page, id: null, shape, color, size: textSize, text: '' } });
      return;
    }
    this.createAndSelect({ ...shape, page, color, content: null, size: null });
  }

  /** Moves or resizes an annotation to `shape`. */
  reshape(annotation: Annotation, shape: AnnotationShape): void {
    this.update(annotation, { x: shape.x, y: shape.y, width: shape.width, height: shape.height });
  }

  /** Opens the text field on a text box or note the user may change. */
  editText(annotation: Annotation): void {
    if (!this.isEditable(annotation) || !isTextAnnotationType(annotation.type)) return;
    this.patch({
      textEdit: {
        page: annotation.page,
        id: annotation.id,
        shape: annotation,
        color: annotation.color,
        size: annotation.size ?? ANNOTATION_GEOMETRY.defaultTextSize,
        text: annotation.content ?? '',
      },
    });
  }

  /** The typed text is done: a new text box or note is saved (dropped when empty), an existing one saved when its text changed. */
  commitText(text: string): void {
    const edit = this.state.textEdit;
    if (!edit) return;
    this.patch({ textEdit: null });
    if (edit.id === null) {
      // A new text box or note without text is dropped, as if never drawn.
      if (text.trim() === '') return;
      this.createAndSelect({ ...edit.shape, page: edit.page, color: edit.color, content: text, size: edit.size });
      return;
    }
    const annotation = findAnnotation(this.shownPages(), edit.id);
    if (annotation && annotation.content !== text) this.update(annotation, { content: text });
  }

  /** Closes the text field without saving. */
  cancelText(): void {
    this.patch({ textEdit: null });
  }

  /** Deletes the selected annotation; once the server removed it, the "Annotation removed — Undo" bar shows. */
  removeSelected(): void {
    const annotation = this.selected();
    if (!annotation || !this.isEditable(annotation)) return;
    this.track(
      this.deleteNow(annotation).then((removed) => {
        if (removed) this.record({ kind: 'delete', before: annotation });
      }),
    );
  }

  /** Moves the selected annotation by screen pixels (arrow keys), in the direction seen on screen. */
  nudgeSelected(dx: number, dy: number): void {
    const selected = this.selected();
    const view = selected ? this.pageViews.get(selected.page) : undefined;
    if (!selected || !view || !this.isEditable(selected)) return;
    // Screen pixels → annotation units through the inverse of the page's transform (a direction: no translation).
    const delta = applyMatrixToVector(invertMatrix(pageToScreenMatrix(view)), { x: dx, y: dy });
    const moved = moveShape(selected, delta, pageSizeInUnits(view));
    if (moved.x !== selected.x || moved.y !== selected.y) this.update(selected, { x: moved.x, y: moved.y });
  }

  /** Sizes the selected annotation by screen pixels (Shift+arrows): wider on screen is wider whatever the rotation. */
  growSelected(dx: number, dy: number): void {
    const selected = this.selected();
    const view = selected ? this.pageViews.get(selected.page) : undefined;
    if (!selected || !view || !this.isEditable(selected)) return;
    const pixelsPerUnit = ANNOTATION_GEOMETRY.scaling * view.scale;
    // A line's end follows the arrow on screen; a box grows along the page axis that is horizontal (or vertical) on screen.
    const quarterTurned = Math.round(view.rotation / 90) % 2 !== 0;
    const delta = isLineType(selected.type)
      ? applyMatrixToVector(invertMatrix(pageToScreenMatrix(view)), { x: dx, y: dy })
      : { x: (quarterTurned ? dy : dx) / pixelsPerUnit, y: (quarterTurned ? dx : dy) / pixelsPerUnit };
    const grown = growShape(selected, delta, pageSizeInUnits(view));
    if (!sameBox(grown, selected)) this.update(selected, { x: grown.x, y: grown.y, width: grown.width, height: grown.height });
  }

  /** Takes back the latest change (after the saves under way settled, so it is the latest). */
  undo(): void {
    this.step('undo');
  }

  /** Makes the last undone change again. */
  redo(): void {
    this.step('redo');
  }

  /** Closes the "Annotation removed — Undo" bar. */
  dismissRemoved(): void {
    this.patch({ justRemoved: false });
  }

  /** Resolves once no save, undo or redo is under way, for callers that must wait for the server's answers (tests, say). */
  async whenIdle(): Promise<void> {
    for (;;) {
      const steps = this.steps;
      await steps;
      if (this.saving.size === 0 && steps === this.steps) return;
      await Promise.allSettled([...this.saving]);
    }
  }

  /**
   * Runs a key press's annotation command (UX.md "Annotation keys", mapped by
   * annotationCommandForKey); false when it had nothing to do, so the key can mean something else
   * (the arrows turn pages while nothing is selected).
   */
  handleKey(key: ViewerKey): boolean {
    const selected = this.selected();
    const command = annotationCommandForKey(key, selected !== null);
    return command !== null && this.runKeyCommand(command, selected);
  }

  private runKeyCommand(command: AnnotationKeyCommand, selected: Annotation | null): boolean {
    const canChangeSelected = selected !== null && this.isEditable(selected);
    switch (command.kind) {
      case 'undo':
        this.undo();
        return true;
      case 'redo':
        this.redo();
        return true;
      case 'delete':
        if (canChangeSelected) this.removeSelected();
        return canChangeSelected;
      case 'nudge':
        if (canChangeSelected) this.nudgeSelected(command.dx, command.dy);
        return canChangeSelected;
      case 'grow':
        if (canChangeSelected) this.growSelected(command.dx, command.dy);
        return canChangeSelected;
      case 'escape':
        if (selected) {
          this.select(null);
          return true;
        }
        if (this.state.tool !== 'select') {
          this.setTool('select');
          return true;
        }
        return false;
    }
  }

  /** Replaces the state with these fields changed and tells the listeners; nothing happens when none differs. */
  private patch(changes: Partial<AnnotationEditorState>): void {
    const current = this.state;
    const keys = Object.keys(changes) as (keyof AnnotationEditorState)[];
    if (keys.every((key) => Object.is(changes[key], current[key]))) return;
    this.state = { ...current, ...changes };
    for (const listener of [...this.listeners]) listener();
  }

  /** Shows a change over its page until its save settles (null: the save settled). */
  private showPending(id: string, change: PendingChange | null): void {
    const pending = new Map(this.state.pending);
    if (change) pending.set(id, change);
    else if (!pending.delete(id)) return;
    this.patch({ pending });
  }

  /**
   * Puts a save's answer into the page's stored list, whatever the viewer shows by then: the
   * document's store keeps it for its next opening.
   */
  private storeSaved(docId: number, page: number, change: (list: readonly Annotation[]) => Annotation[]): void {
    this.ports.pages.write(docId, page, change);
  }

  /** Keeps a user's change (its save succeeded) for undo. */
  private record(change: AnnotationChange): void {
    this.patch({ history: recordChange(this.state.history, change), justRemoved: change.kind === 'delete' });
  }

  /** Counts a save of the user's own change (with what follows its answer) as under way until it settles. */
  private track(promise: Promise<unknown>): void {
    const saves = this.inflight;
    saves.add(promise);
    this.saving.add(promise);
    const done = (): void => {
      saves.delete(promise);
      this.saving.delete(promise);
    };
    promise.then(done, done);
  }

  /** Saves a new annotation, then records it for undo and selects it. */
  private createAndSelect(fields: AnnotationFields): void {
    this.track(
      this.createNow(fields).then((saved) => {
        if (!saved) return;
        this.record({ kind: 'create', after: saved });
        this.patch({ selectedId: saved.id });
      }),
    );
  }

  /** Saves new fields over an annotation the user may change, then records the change for undo. */
  private update(annotation: Annotation, patch: Partial<AnnotationFields>): void {
    if (!this.isEditable(annotation)) return;
    const fields = { ...annotationFields(annotation), ...patch };
    this.track(
      this.updateNow(annotation, fields).then((saved) => {
        if (saved) this.record({ kind: 'update', before: annotation, after: saved });
      }),
    );
  }

  /** Creates optimistically under a draft id; resolves to the stored annotation, or null when refused. */
  private async createNow(fields: AnnotationFields): Promise<Annotation | null> {
    // The client's rules are the server's (rules/annotationValidation.ts): a bad change is refused here without a round trip.
    const check = validateAnnotation(fields);
    if (!check.valid) {
      this.ports.reportInvalid(check.message);
      return null;
    }
    const { docId } = this.state;
    const draftId = this.ports.draftId();
    const now = this.ports.now().toISOString();
    const draft: Annotation = { ...fields, id: draftId, docId, author: '', createdAt: now, updatedAt: now, rowVersion: 0, canEdit: true };
    const started = this.generation;
    this.showPending(draftId, { kind: 'create', annotation: draft });
    try {
      const saved = await this.ports.saver.createAnnotation(docId, createInput(fields));
      this.storeSaved(docId, saved.page, (list) => storedWith(list, saved));
      if (this.generation !== started) return null;
      if (this.state.selectedId === draftId) this.patch({ selectedId: saved.id });
      return saved;
    } catch (error) {
      if (this.generation === started) {
        if (this.state.selectedId === draftId) this.patch({ selectedId: null });
        this.ports.reportFailure(error);
      }
      return null;
    } finally {
      this.showPending(draftId, null);
    }
  }

  /** Saves new fields over an annotation optimistically; resolves to the stored one, or null when refused (and shown as before). */
  private async updateNow(before: Annotation, fields: AnnotationFields): Promise<Annotation | null> {
    const check = validateAnnotation(fields);
    if (!check.valid) {
      this.ports.reportInvalid(check.message);
      return null;
    }
    const { docId } = this.state;
    const started = this.generation;
    this.showPending(before.id, { kind: 'update', annotation: { ...before, ...fields } });
    try {
      const saved = await this.ports.saver.updateAnnotation(before.id, {
        ...createInput(fields),
        content: fields.content,
        size: fields.size,
        rowVersion: before.rowVersion,
      });
      this.storeSaved(docId, saved.page, (list) => storedWith(list, saved, before.id));
      return this.generation === started ? saved : null;
    } catch (error) {
      if (this.generation === started) this.ports.reportFailure(error);
      return null;
    } finally {
      this.showPending(before.id, null);
    }
  }

  /** Deletes optimistically; resolves to whether the server removed it (otherwise it shows again in its place). */
  private async deleteNow(annotation: Annotation): Promise<boolean> {
    const { docId } = this.state;
    const started = this.generation;
    this.showPending(annotation.id, { kind: 'delete', annotation });
    if (this.state.selectedId === annotation.id) this.patch({ selectedId: null });
    try {
      await this.ports.saver.deleteAnnotation(annotation.id);
      this.storeSaved(docId, annotation.page, (list) => list.filter((item) => item.id !== annotation.id));
      return this.generation === started;
    } catch (error) {
      if (this.generation === started) this.ports.reportFailure(error);
      return false;
    } finally {
      this.showPending(annotation.id, null);
    }
  }

  /** Queues an undo or redo behind the one before it. */
  private step(direction: 'undo' | 'redo'): void {
    const run = async (): Promise<void> => {
      // A change whose save is still under way is not in the history yet: wait, so Undo takes back the latest change.
      while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
      const { history } = this.state;
      const change = direction === 'undo' ? nextUndo(history) : nextRedo(history);
      if (!change) return;
      const started = this.generation;
      this.patch({ stepping: true, textEdit: null });
      const outcome = await this.runOperation(direction === 'undo' ? undoOperation(change) : redoOperation(change), change);
      this.patch({ stepping: false });
      // Another document opened meanwhile: its history starts empty and stays so.
      if (!outcome || this.generation !== started) return;
      const renamed =
        outcome === 'done' ? this.state.history : replaceAnnotationId(this.state.history, outcome.replacedId, outcome.replacement);
      this.patch({ history: direction === 'undo' ? afterUndo(renamed) : afterRedo(renamed), justRemoved: false });
    };
    // Undo and redo run one after another, each after the one before has settled.
    this.steps = this.steps.then(run, run);
  }

  /** Runs an undo or redo on the server; when it stored an annotation again, says which id that replaced. Null: refused. */
  private async runOperation(operation: AnnotationOperation, change: AnnotationChange): Promise<StepOutcome | null> {
    switch (operation.kind) {
      case 'delete': {
        const current = findAnnotation(this.shownPages(), operation.id);
        if (!current) return 'done';
        return (await this.deleteNow(current)) ? 'done' : null;
      }
      case 'update': {
        const current = findAnnotation(this.shownPages(), operation.id);
        if (!current) return null;
        return (await this.updateNow(current, operation.fields)) ? 'done' : null;
      }
      case 'create': {
        const saved = await this.createNow(operation.fields);
        if (!saved) return null;
        return {
          replacedId: change.kind === 'create' ? change.after.id : change.kind === 'delete' ? change.before.id : saved.id,
          replacement: saved,
        };
      }
    }
  }
}
