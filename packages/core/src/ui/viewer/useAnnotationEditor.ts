import { useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { decodeWorkflowPermissions, type Annotation, type DmsDocument, type PrivilegeName } from '../../model';
import {
  AnnotationEditorSession,
  type AnnotationPageStore,
  type AnnotationTextEdit,
} from '../../viewer/annotations/AnnotationEditorSession';
import type { AnnotationShape } from '../../viewer/annotations/annotationEditing';
import type { PageView } from '../../viewer/annotations/annotationGeometry';
import { findAnnotation, type ShownPages } from '../../viewer/annotations/annotationPageLists';
import type { AnnotationTool } from '../../viewer/annotations/annotationTypes';
import type { ViewerKey } from '../../viewer/viewerKeys';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';

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
  /** Runs an annotation key (UX.md "Annotation keys"); false when it had nothing to do, so the key can mean something else. */
  handleKey(key: ViewerKey): boolean;
}

const NO_PAGES: readonly number[] = [];
const NO_SHOWN_PAGES: ShownPages = {};
const EMPTY: readonly Annotation[] = [];

/** The stored lists of the asked-for pages, for useQueries' combine: stable while no list changed. */
function storedData(results: readonly { data: readonly Annotation[] | undefined }[]): readonly (readonly Annotation[] | undefined)[] {
  return results.map((result) => result.data);
}

/**
 * The pages' stored lists as the session sees them: each page's query (queryKeys.pageAnnotations),
 * which holds only what the server said. A save's answer written there while a load of that page
 * is under way (asked before the save, so answering without it) has that load asked again, so the
 * page ends with the server's latest list.
 */
function pagesInQueryCache(queryClient: QueryClient): AnnotationPageStore {
  return {
    read: (docId, page) => queryClient.getQueryData<Annotation[]>(queryKeys.pageAnnotations(docId, page)),
    retryFailed: (docId, page) => {
      const key = queryKeys.pageAnnotations(docId, page);
      if (queryClient.getQueryState(key)?.status === 'error') void queryClient.refetchQueries({ queryKey: key, exact: true });
    },
    write: (docId, page, change) => {
      const key = queryKeys.pageAnnotations(docId, page);
      queryClient.setQueryData<Annotation[]>(key, (list) => (list ? change(list) : list));
      if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  };
}

/** Draft ids for creates under way, unique within one session. */
function draftIds(): () => string {
  let count = 0;
  return () => `draft-${++count}`;
}

/**
 * The annotation editor of one viewer: React's view of an AnnotationEditorSession (viewer/annotations),
 * which holds the editing itself. This hook hands the session the open document and what it allows
 * (the document's state and the annotation privileges, a query), the web services, the alert area
 * and the page store; it loads each page the session asks for as a query (queryKeys.pageAnnotations)
 * and re-renders on the session's changes. Saves are the session's: optimistic, their answers
 * written into the page's query (so reopening the document shows them without a reload), a refused
 * save (a 409 included) stops showing with the server's reason in the alert area.
 */
export function useAnnotationEditor(document: DmsDocument | null): AnnotationEditor {
  const { api, alerts, queryClient } = useServices();
  // One session for the hook's life (useState, not useMemo: React may drop a memo, never state);
  // the services are the provider's, fixed for its life.
  const [session] = useState(
    () =>
      new AnnotationEditorSession({
        saver: api.annotations,
        pages: pagesInQueryCache(queryClient),
        reportFailure: (error) => alerts.report(error),
        reportInvalid: (message) => alerts.push(message),
        now: () => new Date(),
        draftId: draftIds(),
      }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

  // The annotation privileges once per mount's cache; a failure reaches the alert area from the query cache.
  const privilegeAnswers = useQuery({
    queryKey: queryKeys.privileges(ANNOTATION_PRIVILEGES),
    queryFn: () => api.privileges.canActions(ANNOTATION_PRIVILEGES),
  }).data;
  const held = (name: PrivilegeName): boolean => privilegeAnswers?.some((answer) => answer.action === name && answer.value) === true;
  const docId = document?.id ?? 0;
  const editable = document !== null && annotationsAllowedOn(document);
  const canAdd = editable && (held('Cabinet: Annotations Edit') || held('Cabinet: Annotations Add Only'));
  // A layout effect, so the session has the document before any page layer's effect asks it for a page.
  useLayoutEffect(() => session.open(docId, { editable, canAdd }), [session, docId, editable, canAdd]);
  // Until then (one render, never painted) the session still holds the previous document: nothing of it shows.
  const showing = state.docId === docId;

  // Each page asked for is a query; a failure reaches the alert area from the query cache.
  const stored = useQueries({
    queries: (showing ? state.requestedPages : NO_PAGES).map((page) => ({
      queryKey: queryKeys.pageAnnotations(docId, page),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.annotations.getAnnotations(docId, page, signal),
    })),
    combine: storedData,
  });
  // `stored` is not read here but is why this recomputes: a page's list arrived or changed in the cache.
  const pages = useMemo(() => (showing ? session.shownPages() : NO_SHOWN_PAGES), [session, showing, state, stored]);

  // A new function per opened document, so each page layer asks the session for its page again.
  const loadPage = useCallback((page: number) => session.loadPage(page), [session, state.docId]);
  const showPage = useCallback((page: number, view: PageView) => session.showPage(page, view), [session]);

  return useMemo<AnnotationEditor>(
    () => ({
      canAdd: showing && state.access.canAdd,
      tool: state.tool,
      setTool: (tool: AnnotationTool) => session.setTool(tool),
      color: state.color,
      setColor: (color: number) => session.setColor(color),
      textSize: state.textSize,
      setTextSize: (size: number) => session.setTextSize(size),
      selected: showing && state.selectedId !== null ? findAnnotation(pages, state.selectedId) : null,
      select: (id: string | null) => session.select(id),
      isEditable: (annotation: Annotation) => session.isEditable(annotation),
      annotationsFor: (page: number) => pages[page] ?? EMPTY,
      loadPage,
      draw: (page: number, shape: AnnotationShape) => session.draw(page, shape),
      reshape: (annotation: Annotation, shape: AnnotationShape) => session.reshape(annotation, shape),
      editText: (annotation: Annotation) => session.editText(annotation),
      textEdit: showing ? state.textEdit : null,
      commitText: (text: string) => session.commitText(text),
      cancelText: () => session.cancelText(),
      removeSelected: () => session.removeSelected(),
      nudgeSelected: (dx: number, dy: number) => session.nudgeSelected(dx, dy),
      growSelected: (dx: number, dy: number) => session.growSelected(dx, dy),
      showPage,
      canUndo: showing && session.canUndo(),
      canRedo: showing && session.canRedo(),
      undo: () => session.undo(),
      redo: () => session.redo(),
      justRemoved: showing && state.justRemoved,
      dismissRemoved: () => session.dismissRemoved(),
      handleKey: (key: ViewerKey) => session.handleKey(key),
    }),
    [session, state, showing, pages, loadPage, showPage],
  );
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
