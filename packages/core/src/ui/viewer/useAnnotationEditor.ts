import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ANNOTATION_GEOMETRY,
  decodeWorkflowPermissions,
  isTextAnnotationType,
  type Annotation,
  type AnnotationFields,
  type AnnotationInput,
  type DmsDocument,
  type PrivilegeName,
} from '../../model';
import { applyMatrixToVector, invertMatrix, pageSizeInUnits, pageToScreenMatrix, type PageView } from '../../viewer/annotations/annotationGeometry';
import { growShape, isLineType, moveShape, sameBox, type AnnotationShape } from '../../viewer/annotations/annotationEditing';
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
} from '../../viewer/annotations/annotationHistory';
import type { AnnotationTextEdit } from '../../viewer/annotations/AnnotationLayer';
import type { AnnotationTool } from '../../viewer/annotations/annotationTypes';
import { validateAnnotation } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../app/queryKeys';

/** The privileges that let a user draw annotations (spec §6); Edit also changes other users' ones. */
export const ANNOTATION_PRIVILEGES: readonly PrivilegeName[] = ['Cabinet: Annotations Add Only', 'Cabinet: Annotations Edit'];

/** The annotations of one open document and everything the toolbar and the page layers do with them. */
export interface AnnotationEditor {
  /** Whether the user may draw new annotations on this document. */
  canAdd: boolean;
  tool: AnnotationTool;
  setTool(tool: AnnotationTool): void;
  /** Colour of new annotations and of the selected one. */
  color: number;
  /** Sets the colour of new annotations, and recolours the selected annotation. */
  setColor(color: number): void;
  /** Text size of new text annotations and of the selected one. */
  textSize: number;
  /** Sets the text size of new text annotations, and of the selected text annotation. */
  setTextSize(size: number): void;
  selected: Annotation | null;
  select(id: string | null): void;
  /** Whether an annotation may be changed now (the server's canEdit, and no save of it under way). */
  isEditable(annotation: Annotation): boolean;
  /** A page's annotations as known (starts loading them the first time it is asked for). */
  annotationsFor(page: number): readonly Annotation[];
  /** Loads a page's annotations once. */
  loadPage(page: number): void;
  /** A shape was drawn: saved at once, or for text types once their text is typed. */
  draw(page: number, shape: AnnotationShape): void;
  /** Moves or resizes an annotation. */
  reshape(annotation: Annotation, shape: AnnotationShape): void;
  /** Opens the text field on a text box or note. */
  editText(annotation: Annotation): void;
  textEdit: AnnotationTextEdit | null;
  commitText(text: string): void;
  cancelText(): void;
  /** Deletes the selected annotation. */
  removeSelected(): void;
  /** Moves the selected annotation by screen pixels (arrow keys), in the direction seen on screen. */
  nudgeSelected(dx: number, dy: number): void;
  /** Sizes the selected annotation by screen pixels (Shift+arrows): wider on screen is wider whatever the rotation. */
  growSelected(dx: number, dy: number): void;
  /** Tells the editor how a page is shown (its layer calls this), for nudges in screen directions. */
  showPage(page: number, view: PageView): void;
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
  /** Set after a delete until the next change: the "Annotation removed — Undo" bar shows. */
  justRemoved: boolean;
  dismissRemoved(): void;
}

type Pages = Readonly<Record<number, readonly Annotation[]>>;

function withAnnotation(pages: Pages, annotation: Annotation, index?: number): Pages {
  const list = (pages[annotation.page] ?? []).filter((item) => item.id !== annotation.id);
  const at = index === undefined ? list.length : Math.min(index, list.length);
  return { ...pages, [annotation.page]: [...list.slice(0, at), annotation, ...list.slice(at)] };
}

function replacing(pages: Pages, id: string, annotation: Annotation): Pages {
  const list = pages[annotation.page] ?? [];
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return withAnnotation(pages, annotation);
  return { ...pages, [annotation.page]: list.map((item, at) => (at === index ? annotation : item)) };
}

function without(pages: Pages, annotation: Pick<Annotation, 'id' | 'page'>): Pages {
  const list = pages[annotation.page];
  if (!list) return pages;
  return { ...pages, [annotation.page]: list.filter((item) => item.id !== annotation.id) };
}

function findIn(pages: Pages, id: string): Annotation | null {
  for (const list of Object.values(pages)) {
    const found = list.find((item) => item.id === id);
    if (found) return found;
  }
  return null;
}

/** What a create sends. */
function createInput(fields: AnnotationFields): AnnotationInput {
  const input: AnnotationInput = { type: fields.type, page: fields.page, color: fields.color, x: fields.x, y: fields.y, width: fields.width, height: fields.height };
  if (isTextAnnotationType(fields.type)) {
    input.content = fields.content;
    input.size = fields.size;
  }
  return input;
}

/**
 * The annotation editor of one document: loads each shown page's annotations, and saves every
 * finished change at once (optimistically: the change shows, and is taken back visibly with the
 * server's reason in the alert area when the save fails). Keeps the undo and redo history.
 */
export function useAnnotationEditor(document: DmsDocument | null): AnnotationEditor {
  const { api, alerts } = useServices();
  const docId = document?.id ?? 0;
  // Refs hold the latest values between renders: queued saves and undo read them after earlier ones settled.
  const [pages, pagesRef, setPages] = useRefState<Pages>({});
  const [tool, setToolState] = useState<AnnotationTool>('select');
  const [color, setColorState] = useState<number>(ANNOTATION_GEOMETRY.defaultColor);
  const [textSize, setTextSizeState] = useState<number>(ANNOTATION_GEOMETRY.defaultTextSize);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [textEdit, setTextEdit] = useState<AnnotationTextEdit | null>(null);
  const [history, historyRef, setHistory] = useRefState<AnnotationHistory>(EMPTY_ANNOTATION_HISTORY);
  /** Saves under way for the user's own changes; Undo waits for them so it takes back the latest one. */
  const inflight = useRef(new Set<Promise<unknown>>());
  const steps = useRef<Promise<void>>(Promise.resolve());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [undoing, setUndoing] = useState(false);
  const [justRemoved, setJustRemoved] = useState(false);
  const requested = useRef(new Set<number>());
  const pageViews = useRef(new Map<number, PageView>());
  const draftCounter = useRef(0);
  const generation = useRef(0);

  // A new document starts afresh: nothing loaded, selected or undoable.
  useEffect(() => {
    generation.current++;
    requested.current = new Set();
    setPages(() => ({}));
    setSelectedId(null);
    setTextEdit(null);
    setHistory(() => EMPTY_ANNOTATION_HISTORY);
    inflight.current = new Set();
    setPending(new Set());
    setJustRemoved(false);
  }, [docId]);

  // The annotation privileges once per mount's cache; a failure reaches the alert area from the query cache.
  const privilegeAnswers = useQuery({ queryKey: queryKeys.privileges(ANNOTATION_PRIVILEGES), queryFn: () => api.privileges.canActions(ANNOTATION_PRIVILEGES) }).data;
  const privileges = useMemo(() => {
    const held = (name: PrivilegeName): boolean => privilegeAnswers?.some((answer) => answer.action === name && answer.value) === true;
    const edit = held('Cabinet: Annotations Edit');
    return { add: edit || held('Cabinet: Annotations Add Only'), edit };
  }, [privilegeAnswers]);

  const documentOpen = document !== null && annotationsAllowedOn(document);
  const canAdd = documentOpen && privileges.add;

  const mark = useCallback((id: string, busy: boolean) => {
    setPending((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const track = useCallback((promise: Promise<unknown>): void => {
    const saves = inflight.current;
    saves.add(promise);
    const done = (): void => {
      saves.delete(promise);
    };
    promise.then(done, done);
  }, []);

  const loadPage = useCallback(
    (page: number) => {
      if (docId === 0 || requested.current.has(page)) return;
      requested.current.add(page);
      const started = generation.current;
      api.annotations.getAnnotations(docId, page).then(
        (loaded) => {
          if (generation.current !== started) return;
          setPages((current) => {
            // Keep what the user drew on this page while it was loading.
            const local = (current[page] ?? []).filter((item) => !loaded.some((stored) => stored.id === item.id));
            return { ...current, [page]: [...loaded, ...local] };
          });
        },
        (error: unknown) => {
          if (generation.current !== started) return;
          requested.current.delete(page);
          alerts.report(error);
        },
      );
    },
    [api, alerts, docId],
  );

  const fail = useCallback(
    (error: unknown) => {
      alerts.report(error);
    },
    [alerts],
  );

  const record = useCallback((change: AnnotationChange) => {
    setHistory((current) => recordChange(current, change));
    setJustRemoved(change.kind === 'delete');
  }, []);

  /** Creates optimistically under a draft id; resolves to the stored annotation, or null when refused. */
  const createNow = useCallback(
    async (fields: AnnotationFields): Promise<Annotation | null> => {
      // The client's rules are the server's (rules/annotationValidation.ts): a bad change is refused here without a round trip.
      const check = validateAnnotation(fields);
      if (!check.valid) {
        alerts.push(check.message);
        return null;
      }
      const draftId = `draft-${++draftCounter.current}`;
      const now = new Date().toISOString();
      const draft: Annotation = { ...fields, id: draftId, docId, author: '', createdAt: now, updatedAt: now, rowVersion: 0, canEdit: true };
      const started = generation.current;
      setPages((current) => withAnnotation(current, draft));
      mark(draftId, true);
      try {
        const saved = await api.annotations.createAnnotation(docId, createInput(fields));
        if (generation.current !== started) return null;
        setPages((current) => replacing(current, draftId, saved));
        setSelectedId((current) => (current === draftId ? saved.id : current));
        return saved;
      } catch (error) {
        if (generation.current === started) {
          setPages((current) => without(current, draft));
          setSelectedId((current) => (current === draftId ? null : current));
          fail(error);
        }
        return null;
      } finally {
        mark(draftId, false);
      }
    },
    [alerts, api, docId, fail, mark],
  );

  /** Saves new fields over an annotation optimistically; resolves to the stored one, or null when refused (and put back). */
  const updateNow = useCallback(
    async (before: Annotation, fields: AnnotationFields): Promise<Annotation | null> => {
      const check = validateAnnotation(fields);
      if (!check.valid) {
        alerts.push(check.message);
        return null;
      }
      const started = generation.current;
      setPages((current) => replacing(current, before.id, { ...before, ...fields }));
      mark(before.id, true);
      try {
        const saved = await api.annotations.updateAnnotation(before.id, { ...createInput(fields), content: fields.content, size: fields.size, rowVersion: before.rowVersion });
        if (generation.current !== started) return null;
        setPages((current) => replacing(current, before.id, saved));
        return saved;
      } catch (error) {
        if (generation.current === started) {
          setPages((current) => replacing(current, before.id, before));
          fail(error);
        }
        return null;
      } finally {
        mark(before.id, false);
      }
    },
    [alerts, api, fail, mark],
  );

  /** Deletes optimistically; resolves to whether the server removed it (otherwise it is back in its place). */
  const deleteNow = useCallback(
    async (annotation: Annotation): Promise<boolean> => {
      const started = generation.current;
      const index = (pagesRef.current[annotation.page] ?? []).findIndex((item) => item.id === annotation.id);
      setPages((current) => without(current, annotation));
      setSelectedId((current) => (current === annotation.id ? null : current));
      mark(annotation.id, true);
      try {
        await api.annotations.deleteAnnotation(annotation.id);
        return generation.current === started;
      } catch (error) {
        if (generation.current === started) {
          setPages((current) => withAnnotation(current, annotation, index < 0 ? undefined : index));
          fail(error);
        }
        return false;
      } finally {
        mark(annotation.id, false);
      }
    },
    [api, fail, mark],
  );

  const isEditable = useCallback((annotation: Annotation) => documentOpen && annotation.canEdit && !pending.has(annotation.id), [documentOpen, pending]);

  const selected = selectedId ? findIn(pages, selectedId) : null;

  const update = useCallback(
    (annotation: Annotation, patch: Partial<AnnotationFields>) => {
      if (!isEditable(annotation)) return;
      const fields = { ...annotationFields(annotation), ...patch };
      track(
        updateNow(annotation, fields).then((saved) => {
          if (saved) record({ kind: 'update', before: annotation, after: saved });
        }),
      );
    },
    [isEditable, record, track, updateNow],
  );

  const draw = useCallback(
    (page: number, shape: AnnotationShape) => {
      if (!canAdd) return;
      if (isTextAnnotationType(shape.type)) {
        setTextEdit({ page, id: null, shape, color, size: textSize, text: '' });
        return;
      }
      const fields: AnnotationFields = { ...shape, page, color, content: null, size: null };
      track(
        createNow(fields).then((saved) => {
          if (saved) {
            record({ kind: 'create', after: saved });
            setSelectedId(saved.id);
          }
        }),
      );
    },
    [canAdd, color, createNow, record, textSize, track],
  );

  const commitText = useCallback(
    (text: string) => {
      const edit = textEdit;
      setTextEdit(null);
      if (!edit) return;
      if (edit.id === null) {
        // A new text box or note without text is dropped, as if never drawn.
        if (text.trim() === '') return;
        const fields: AnnotationFields = { ...edit.shape, page: edit.page, color: edit.color, content: text, size: edit.size };
        track(
          createNow(fields).then((saved) => {
            if (saved) {
              record({ kind: 'create', after: saved });
              setSelectedId(saved.id);
            }
          }),
        );
        return;
      }
      const annotation = findIn(pagesRef.current, edit.id);
      if (annotation && annotation.content !== text) update(annotation, { content: text });
    },
    [createNow, pagesRef, record, textEdit, track, update],
  );

  /** Runs an undo or redo on the server; when it stored an annotation again, says which id that replaced. */
  const runOperation = useCallback(
    async (operation: AnnotationOperation, change: AnnotationChange): Promise<{ replacedId: string; replacement: Annotation } | 'done' | null> => {
      switch (operation.kind) {
        case 'delete': {
          const current = findIn(pagesRef.current, operation.id);
          if (!current) return 'done';
          return (await deleteNow(current)) ? 'done' : null;
        }
        case 'update': {
          const current = findIn(pagesRef.current, operation.id);
          if (!current) return null;
          return (await updateNow(current, operation.fields)) ? 'done' : null;
        }
        case 'create': {
          const saved = await createNow(operation.fields);
          if (!saved) return null;
          return { replacedId: change.kind === 'create' ? change.after.id : change.kind === 'delete' ? change.before.id : saved.id, replacement: saved };
        }
      }
    },
    [createNow, deleteNow, updateNow],
  );

  const step = useCallback(
    (direction: 'undo' | 'redo') => {
      const run = async (): Promise<void> => {
        // A change whose save is still under way is not in the history yet: wait, so Undo takes back the latest change.
        while (inflight.current.size > 0) await Promise.allSettled([...inflight.current]);
        const change = direction === 'undo' ? nextUndo(historyRef.current) : nextRedo(historyRef.current);
        if (!change) return;
        setUndoing(true);
        setTextEdit(null);
        const outcome = await runOperation(direction === 'undo' ? undoOperation(change) : redoOperation(change), change);
        setUndoing(false);
        if (!outcome) return;
        setHistory((current) => {
          const renamed = outcome === 'done' ? current : replaceAnnotationId(current, outcome.replacedId, outcome.replacement);
          return direction === 'undo' ? afterUndo(renamed) : afterRedo(renamed);
        });
        setJustRemoved(false);
      };
      // Undo and redo run one after another, each after the one before has settled.
      steps.current = steps.current.then(run, run);
    },
    [historyRef, runOperation, setHistory],
  );
  const undo = useCallback(() => step('undo'), [step]);
  const redo = useCallback(() => step('redo'), [step]);

  const removeSelected = useCallback(() => {
    if (!selected || !isEditable(selected)) return;
    const annotation = selected;
    track(
      deleteNow(annotation).then((removed) => {
        if (removed) record({ kind: 'delete', before: annotation });
      }),
    );
  }, [deleteNow, isEditable, record, selected, track]);

  const nudgeSelected = useCallback(
    (dx: number, dy: number) => {
      if (!selected || !isEditable(selected)) return;
      const view = pageViews.current.get(selected.page);
      if (!view) return;
      // Screen pixels → annotation units through the inverse of the page's transform (a direction: no translation).
      const delta = applyMatrixToVector(invertMatrix(pageToScreenMatrix(view)), { x: dx, y: dy });
      const moved = moveShape(selected, delta, pageSizeInUnits(view));
      if (moved.x !== selected.x || moved.y !== selected.y) update(selected, { x: moved.x, y: moved.y });
    },
    [isEditable, selected, update],
  );

  const growSelected = useCallback(
    (dx: number, dy: number) => {
      if (!selected || !isEditable(selected)) return;
      const view = pageViews.current.get(selected.page);
      if (!view) return;
      const pixelsPerUnit = ANNOTATION_GEOMETRY.scaling * view.scale;
      // A line's end follows the arrow on screen; a box grows along the page axis that is horizontal (or vertical) on screen.
      const quarterTurned = Math.round(view.rotation / 90) % 2 !== 0;
      const delta = isLineType(selected.type)
        ? applyMatrixToVector(invertMatrix(pageToScreenMatrix(view)), { x: dx, y: dy })
        : { x: (quarterTurned ? dy : dx) / pixelsPerUnit, y: (quarterTurned ? dx : dy) / pixelsPerUnit };
      const grown = growShape(selected, delta, pageSizeInUnits(view));
      if (!sameBox(grown, selected)) update(selected, { x: grown.x, y: grown.y, width: grown.width, height: grown.height });
    },
    [isEditable, selected, update],
  );

  const setColor = useCallback(
    (next: number) => {
      setColorState(next);
      if (selected && selected.color !== next) update(selected, { color: next });
    },
    [selected, update],
  );

  const setTextSize = useCallback(
    (next: number) => {
      const size = Math.min(ANNOTATION_GEOMETRY.maxTextSize, Math.max(ANNOTATION_GEOMETRY.minTextSize, Math.round(next)));
      setTextSizeState(size);
      if (selected && isTextAnnotationType(selected.type) && selected.size !== size) update(selected, { size });
    },
    [selected, update],
  );

  const setTool = useCallback((next: AnnotationTool) => {
    setToolState(next);
    setTextEdit(null);
    if (next !== 'select') setSelectedId(null);
  }, []);

  const select = useCallback(
    (id: string | null) => {
      setSelectedId(id);
      const annotation = id ? findIn(pagesRef.current, id) : null;
      // The toolbar's colour and size show the selected annotation's, so the controls say what they will change.
      if (annotation) {
        setColorState(annotation.color);
        if (annotation.size !== null) setTextSizeState(annotation.size);
      }
    },
    [],
  );

  const editText = useCallback(
    (annotation: Annotation) => {
      if (!isEditable(annotation) || !isTextAnnotationType(annotation.type)) return;
      setTextEdit({ page: annotation.page, id: annotation.id, shape: annotation, color: annotation.color, size: annotation.size ?? ANNOTATION_GEOMETRY.defaultTextSize, text: annotation.content ?? '' });
    },
    [isEditable],
  );

  const showPage = useCallback((page: number, view: PageView) => {
    pageViews.current.set(page, view);
  }, []);

  const annotationsFor = useCallback((page: number) => pages[page] ?? EMPTY, [pages]);

  return useMemo<AnnotationEditor>(
    () => ({
      canAdd,
      tool,
      setTool,
      color,
      setColor,
      textSize,
      setTextSize,
      selected,
      select,
      isEditable,
      annotationsFor,
      loadPage,
      draw,
      reshape: (annotation, shape) => update(annotation, { x: shape.x, y: shape.y, width: shape.width, height: shape.height }),
      editText,
      textEdit,
      commitText,
      cancelText: () => setTextEdit(null),
      removeSelected,
      nudgeSelected,
      growSelected,
      showPage,
      canUndo: history.undo.length > 0 && !undoing,
      canRedo: history.redo.length > 0 && !undoing,
      undo,
      redo,
      justRemoved,
      dismissRemoved: () => setJustRemoved(false),
    }),
    [canAdd, tool, setTool, showPage, color, setColor, textSize, setTextSize, selected, select, isEditable, annotationsFor, loadPage, draw, update, editText, textEdit, commitText, removeSelected, nudgeSelected, growSelected, history, undoing, undo, redo, justRemoved],
  );
}

const EMPTY: readonly Annotation[] = [];

/**
 * State whose latest value is also readable at once through a ref: updates change the ref
 * immediately and schedule the render, so code running between renders never sees an old value.
 */
function useRefState<T>(initial: T): [T, MutableRefObject<T>, (update: (current: T) => T) => void] {
  const [state, setState] = useState<T>(initial);
  const ref = useRef<T>(initial);
  const update = useCallback((change: (current: T) => T) => {
    ref.current = change(ref.current);
    setState(ref.current);
  }, []);
  return [state, ref, update];
}

/**
 * Whether the document's own state allows annotation changes: not under another user's lock, and
 * its queue's ChangeAnnotations flag as the server reports it (`changeAnnotations`); from a server
 * that does not report it, the queue's editDocData permission, which ChangeAnnotations is one
 * source of. The server checks again on every change.
 */
export function annotationsAllowedOn(document: DmsDocument): boolean {
  if (document.userLock === 'other') return false;
  if (document.changeAnnotations !== undefined) return document.changeAnnotations;
  return document.queue === null || decodeWorkflowPermissions(document.workflowPerms).editDocData;
}
