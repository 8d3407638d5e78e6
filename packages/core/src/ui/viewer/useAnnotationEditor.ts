import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
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
import {
  applyMatrixToVector,
  invertMatrix,
  pageSizeInUnits,
  pageToScreenMatrix,
  type PageView,
} from '../../viewer/annotations/annotationGeometry';
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

/** A save under way: what the page shows until the server answers (then the page's query holds the answer). */
interface PendingChange {
  kind: 'create' | 'update' | 'delete';
  annotation: Annotation;
}

/** The saves under way by annotation id (a draft id for a create). */
type PendingChanges = ReadonlyMap<string, PendingChange>;

const NO_PAGES: readonly number[] = [];
const NO_CHANGES: PendingChanges = new Map();

/**
 * A page's list as shown: the stored list (the page's query) with the saves under way laid over
 * it. The cache only ever holds what the server said, so a failed save needs no undoing there and
 * a page that loads or reloads while a save is under way keeps showing the user's change.
 */
function shownList(stored: readonly Annotation[], docId: number, page: number, pending: PendingChanges): readonly Annotation[] {
  let list = stored;
  for (const [id, change] of pending) {
    if (change.annotation.docId !== docId || change.annotation.page !== page) continue;
    if (change.kind === 'delete') list = list.filter((item) => item.id !== id);
    else if (list.some((item) => item.id === id)) list = list.map((item) => (item.id === id ? change.annotation : item));
    else list = [...list, change.annotation];
  }
  return list;
}

/** A stored list with a saved annotation in it: in the place of `replacedId` (or its own id), else at the end. */
function storedWith(list: readonly Annotation[], saved: Annotation, replacedId: string = saved.id): Annotation[] {
  const index = list.findIndex((item) => item.id === replacedId || item.id === saved.id);
  if (index < 0) return [...list, saved];
  return list.map((item, at) => (at === index ? saved : item)).filter((item, at) => at === index || item.id !== saved.id);
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

/** The stored lists of the asked-for pages, for useQueries' combine: stable while no list changed. */
function storedData(results: readonly { data: readonly Annotation[] | undefined }[]): readonly (readonly Annotation[] | undefined)[] {
  return results.map((result) => result.data);
}

/**
 * The annotation editor of one document: each shown page's annotations are a query
 * (queryKeys.pageAnnotations), and every finished change is saved at once, optimistically: the
 * change shows over the page's list while the save is under way; the server's answer then goes
 * into the page's query (so reopening the document shows it without a reload), and a refused
 * save simply stops showing, with the server's reason (a 409 included) in the alert area. Keeps
 * the undo and redo history.
 */
export function useAnnotationEditor(document: DmsDocument | null): AnnotationEditor {
  const { api, alerts, queryClient } = useServices();
  const docId = document?.id ?? 0;
  // Refs hold the latest values between renders: queued saves and undo read them after earlier ones settled.
  const [requested, requestedRef, setRequested] = useRefState<{ docId: number; pages: readonly number[] }>({ docId: 0, pages: NO_PAGES });
  const [pendingChanges, pendingRef, setPendingChanges] = useRefState<PendingChanges>(NO_CHANGES);
  const [tool, setToolState] = useState<AnnotationTool>('select');
  const [color, setColorState] = useState<number>(ANNOTATION_GEOMETRY.defaultColor);
  const [textSize, setTextSizeState] = useState<number>(ANNOTATION_GEOMETRY.defaultTextSize);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [textEdit, setTextEdit] = useState<AnnotationTextEdit | null>(null);
  const [history, historyRef, setHistory] = useRefState<AnnotationHistory>(EMPTY_ANNOTATION_HISTORY);
  /** Saves under way for the user's own changes; Undo waits for them so it takes back the latest one. */
  const inflight = useRef(new Set<Promise<unknown>>());
  const steps = useRef<Promise<void>>(Promise.resolve());
  const [undoing, setUndoing] = useState(false);
  const [justRemoved, setJustRemoved] = useState(false);
  const pageViews = useRef(new Map<number, PageView>());
  const draftCounter = useRef(0);
  const generation = useRef(0);

  // A new document starts afresh: nothing selected or undoable. Its pages come from the cache (and are asked for again).
  useEffect(() => {
    generation.current++;
    setSelectedId(null);
    setTextEdit(null);
    setHistory(() => EMPTY_ANNOTATION_HISTORY);
    inflight.current = new Set();
    setPendingChanges(() => NO_CHANGES);
    setJustRemoved(false);
  }, [docId]);

  // The annotation privileges once per mount's cache; a failure reaches the alert area from the query cache.
  const privilegeAnswers = useQuery({
    queryKey: queryKeys.privileges(ANNOTATION_PRIVILEGES),
    queryFn: () => api.privileges.canActions(ANNOTATION_PRIVILEGES),
  }).data;
  const privileges = useMemo(() => {
    const held = (name: PrivilegeName): boolean => privilegeAnswers?.some((answer) => answer.action === name && answer.value) === true;
    const edit = held('Cabinet: Annotations Edit');
    return { add: edit || held('Cabinet: Annotations Add Only'), edit };
  }, [privilegeAnswers]);

  const documentOpen = document !== null && annotationsAllowedOn(document);
  const canAdd = documentOpen && privileges.add;

  // Each page asked for is a query; a failure reaches the alert area from the query cache.
  const requestedPages = requested.docId === docId ? requested.pages : NO_PAGES;
  const stored = useQueries({
    queries: requestedPages.map((page) => ({
      queryKey: queryKeys.pageAnnotations(docId, page),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.annotations.getAnnotations(docId, page, signal),
    })),
    combine: storedData,
  });

  /** The pages as shown now, read from the cache itself (a save's answer is there before the query's observers hear of it). */
  const readPages = useCallback(
    (pagesAsked: readonly number[], pending: PendingChanges): Pages => {
      const built: Record<number, readonly Annotation[]> = {};
      for (const page of pagesAsked)
        built[page] = shownList(
          queryClient.getQueryData<Annotation[]>(queryKeys.pageAnnotations(docId, page)) ?? EMPTY,
          docId,
          page,
          pending,
        );
      return built;
    },
    [docId, queryClient],
  );
  // `stored` is not read here but is why this recomputes: a page's list arrived or changed in the cache.
  const pages = useMemo(() => readPages(requestedPages, pendingChanges), [readPages, requestedPages, pendingChanges, stored]);
  /** The latest pages, for code that runs between renders (queued saves, undo). */
  const currentPages = useCallback((): Pages => {
    const asked = requestedRef.current.docId === docId ? requestedRef.current.pages : NO_PAGES;
    return readPages(asked, pendingRef.current);
  }, [docId, pendingRef, readPages, requestedRef]);

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
      if (docId === 0) return;
      // A page whose load failed is asked for again when it shows again.
      const key = queryKeys.pageAnnotations(docId, page);
      if (queryClient.getQueryState(key)?.status === 'error') void queryClient.refetchQueries({ queryKey: key, exact: true });
      setRequested((current) => {
        const asked = current.docId === docId ? current.pages : NO_PAGES;
        return asked.includes(page) ? current : { docId, pages: [...asked, page] };
      });
    },
    [docId, queryClient, setRequested],
  );

  /** Shows a change over its page until its save settles. */
  const showPending = useCallback(
    (id: string, change: PendingChange | null) => {
      setPendingChanges((current) => {
        const next = new Map(current);
        if (change) next.set(id, change);
        else next.delete(id);
        return next;
      });
    },
    [setPendingChanges],
  );

  /**
   * Puts a save's answer into the page's query. A load of that page already under way may have
   * been asked before the save and would answer without it: it is asked again (invalidated), so
   * the page ends with the server's latest list.
   */
  const storeSaved = useCallback(
    (page: number, change: (list: readonly Annotation[]) => Annotation[]) => {
      const key = queryKeys.pageAnnotations(docId, page);
      queryClient.setQueryData<Annotation[]>(key, (list) => (list ? change(list) : list));
      if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    [docId, queryClient],
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
      showPending(draftId, { kind: 'create', annotation: draft });
      try {
        const saved = await api.annotations.createAnnotation(docId, createInput(fields));
        // Stored whatever the viewer shows now: the document's cache keeps it for its next opening.
        storeSaved(saved.page, (list) => storedWith(list, saved));
        if (generation.current !== started) return null;
        setSelectedId((current) => (current === draftId ? saved.id : current));
        return saved;
      } catch (error) {
        if (generation.current === started) {
          setSelectedId((current) => (current === draftId ? null : current));
          fail(error);
        }
        return null;
      } finally {
        showPending(draftId, null);
      }
    },
    [alerts, api, docId, fail, showPending, storeSaved],
  );

  /** Saves new fields over an annotation optimistically; resolves to the stored one, or null when refused (and shown as before). */
  const updateNow = useCallback(
    async (before: Annotation, fields: AnnotationFields): Promise<Annotation | null> => {
      const check = validateAnnotation(fields);
      if (!check.valid) {
        alerts.push(check.message);
        return null;
      }
      const started = generation.current;
      showPending(before.id, { kind: 'update', annotation: { ...before, ...fields } });
      try {
        const saved = await api.annotations.updateAnnotation(before.id, {
          ...createInput(fields),
          content: fields.content,
          size: fields.size,
          rowVersion: before.rowVersion,
        });
        storeSaved(saved.page, (list) => storedWith(list, saved, before.id));
        return generation.current === started ? saved : null;
      } catch (error) {
        if (generation.current === started) fail(error);
        return null;
      } finally {
        showPending(before.id, null);
      }
    },
    [alerts, api, fail, showPending, storeSaved],
  );

  /** Deletes optimistically; resolves to whether the server removed it (otherwise it shows again in its place). */
  const deleteNow = useCallback(
    async (annotation: Annotation): Promise<boolean> => {
      const started = generation.current;
      showPending(annotation.id, { kind: 'delete', annotation });
      setSelectedId((current) => (current === annotation.id ? null : current));
      try {
        await api.annotations.deleteAnnotation(annotation.id);
        storeSaved(annotation.page, (list) => list.filter((item) => item.id !== annotation.id));
        return generation.current === started;
      } catch (error) {
        if (generation.current === started) fail(error);
        return false;
      } finally {
        showPending(annotation.id, null);
      }
    },
    [api, fail, showPending, storeSaved],
  );

  const isEditable = useCallback(
    (annotation: Annotation) => documentOpen && annotation.canEdit && !pendingChanges.has(annotation.id),
    [documentOpen, pendingChanges],
  );

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
      const annotation = findIn(currentPages(), edit.id);
      if (annotation && annotation.content !== text) update(annotation, { content: text });
    },
    [createNow, currentPages, record, textEdit, track, update],
  );

  /** Runs an undo or redo on the server; when it stored an annotation again, says which id that replaced. */
  const runOperation = useCallback(
    async (
      operation: AnnotationOperation,
      change: AnnotationChange,
    ): Promise<{ replacedId: string; replacement: Annotation } | 'done' | null> => {
      switch (operation.kind) {
        case 'delete': {
          const current = findIn(currentPages(), operation.id);
          if (!current) return 'done';
          return (await deleteNow(current)) ? 'done' : null;
        }
        case 'update': {
          const current = findIn(currentPages(), operation.id);
          if (!current) return null;
          return (await updateNow(current, operation.fields)) ? 'done' : null;
        }
        case 'create': {
          const saved = await createNow(operation.fields);
          if (!saved) return null;
          return {
            replacedId: change.kind === 'create' ? change.after.id : change.kind === 'delete' ? change.before.id : saved.id,
            replacement: saved,
          };
        }
      }
    },
    [createNow, currentPages, deleteNow, updateNow],
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
      const annotation = id ? findIn(currentPages(), id) : null;
      // The toolbar's colour and size show the selected annotation's, so the controls say what they will change.
      if (annotation) {
        setColorState(annotation.color);
        if (annotation.size !== null) setTextSizeState(annotation.size);
      }
    },
    [currentPages],
  );

  const editText = useCallback(
    (annotation: Annotation) => {
      if (!isEditable(annotation) || !isTextAnnotationType(annotation.type)) return;
      setTextEdit({
        page: annotation.page,
        id: annotation.id,
        shape: annotation,
        color: annotation.color,
        size: annotation.size ?? ANNOTATION_GEOMETRY.defaultTextSize,
        text: annotation.content ?? '',
      });
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
    [
      canAdd,
      tool,
      setTool,
      showPage,
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
      update,
      editText,
      textEdit,
      commitText,
      removeSelected,
      nudgeSelected,
      growSelected,
      history,
      undoing,
      undo,
      redo,
      justRemoved,
    ],
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
