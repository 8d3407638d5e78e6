import { ANNOTATION_TYPES, isTextAnnotationType, type AnnotationType } from '../model';

/** The drawing tools in toolbar order, with the name each type has for the user. */
const ANNOTATION_TOOLS = [
  { type: ANNOTATION_TYPES.solidRectangle, name: 'Rectangle' },
  { type: ANNOTATION_TYPES.textbox, name: 'Text box' },
  { type: ANNOTATION_TYPES.area, name: 'Area' },
  { type: ANNOTATION_TYPES.solidEllipse, name: 'Filled ellipse' },
  { type: ANNOTATION_TYPES.hollowEllipse, name: 'Ellipse' },
  { type: ANNOTATION_TYPES.line, name: 'Line' },
  { type: ANNOTATION_TYPES.note, name: 'Note' },
  { type: ANNOTATION_TYPES.highlight, name: 'Highlight' },
] as const satisfies readonly { type: AnnotationType; name: string }[];

/** The name of an annotation type as the user reads it ('Rectangle', 'Text box', …). */
function annotationTypeName(type: AnnotationType): string {
  return ANNOTATION_TOOLS.find((tool) => tool.type === type)?.name ?? 'Annotation';
}

/**
 * The viewer: its toolbar, find bar, annotation toolbar, shortcuts dialog and failure texts. Key
 * names are words too (German keyboards say "Strg", "Entf", "Pos1"), so they live here with the
 * actions they name.
 */
export const VIEWER_TEXT = {
  openingDocument: 'Opening document…',
  notes: 'Notes',
  /** The inline viewer's expand button (issue 38): the document over the whole frame, and back. */
  openFullWidth: 'Open full width',
  exitFullWidth: 'Back to the side pane',
  /** The expanded viewer's region (the side pane around it has its own name). */
  fullWidthRegion: 'Document at full width',
  download: 'Download',
  notShownDownloaded: (documentName: string): string => `${documentName} cannot be shown here, so it was downloaded.`,
  damagedFile:
    'This file is damaged or is not a PDF the viewer can read, so it cannot be shown here. Download it to open it in another program.',
  couldNotShow: 'The document could not be shown here. Download it to open it in another program.',

  // The pages themselves (PdfViewer, ImageViewer, ThumbnailSidebar, PdfPasswordForm)
  /** The scrolling region that holds the pages. */
  documentPages: 'Document pages',
  loadingDocument: 'Loading document…',
  /** One page's canvas, as a screen reader names it. */
  pageLabel: (page: number): string => `Page ${page}`,
  pageNotDrawn: (page: number): string => `Page ${page} could not be drawn. The Download button above saves the file as it was uploaded.`,
  /** A thumbnail button. */
  goToPage: (page: number): string => `Go to page ${page}`,
  passwordNeeded: 'Password needed',
  passwordProtected: 'This document is protected by a password.',
  password: 'Password',
  wrongPassword: 'That password is not right. Check it and try again.',

  // The viewer's toolbar
  toolbar: 'Viewer',
  previousPage: 'Previous page',
  previousPageTitle: 'Previous page (p)',
  nextPage: 'Next page',
  nextPageTitle: 'Next page (n)',
  pageNumber: 'Page number',
  /** After the page number box: "of 12". */
  ofPages: (pageCount: number): string => `of ${pageCount}`,
  /** A page number outside the document, refused in words. */
  pageOutOfRange: (pageCount: number): string => (pageCount === 1 ? 'This document has 1 page.' : `Enter a page from 1 to ${pageCount}.`),
  zoomOut: 'Zoom out',
  zoomOutTitle: 'Zoom out (Ctrl −)',
  zoomIn: 'Zoom in',
  zoomInTitle: 'Zoom in (Ctrl +)',
  fitWidth: 'Fit to width',
  fitPage: 'Fit page',
  fitPageTitle: 'Fit whole page',
  rotate: 'Rotate',
  rotateTitle: 'Rotate clockwise (r, Shift+R back)',
  thumbnails: 'Thumbnails',
  find: 'Find in document',
  findTitle: 'Find in document (Ctrl+F)',

  // The find bar
  matches: 'Matches',
  /** The find bar's count: "No matches", "Searching…", "3 of 12", "3 of 12+" while pages are still read. */
  matchCount: (total: number, active: number, complete: boolean): string => {
    if (total === 0) return complete ? 'No matches' : 'Searching…';
    return `${Math.min(total, active + 1)} of ${total}${complete ? '' : '+'}`;
  },
  previousMatch: 'Previous match',
  previousMatchTitle: 'Previous match (Shift+Enter)',
  nextMatch: 'Next match',
  nextMatchTitle: 'Next match (Enter)',
  closeFind: 'Close find',
  closeFindTitle: 'Close (Esc)',

  // The annotation toolbar
  annotations: 'Annotations',
  select: 'Select',
  selectTitle: 'Select, move and resize annotations',
  /** The drawing tools in toolbar order. */
  annotationTools: ANNOTATION_TOOLS,
  annotationTypeName,
  /** The accessible name of a drawn annotation: 'Rectangle annotation', 'Text box annotation: Wrong VAT'. */
  annotationLabel: (type: AnnotationType, content: string | null): string => {
    const name = `${annotationTypeName(type)} annotation`;
    return isTextAnnotationType(type) ? `${name}: ${content ?? ''}` : name;
  },
  /** The layer over one page that holds its annotations. */
  annotationsOnPage: (page: number): string => `Annotations on page ${page}`,
  /** The box a text annotation is typed in. */
  annotationText: 'Annotation text',
  drawTool: (toolName: string): string => `Draw: ${toolName}`,
  textSize: 'Text size',
  editText: 'Edit text',
  editTextTitle: 'Edit text (Enter)',
  deleteAnnotation: 'Delete annotation',
  deleteAnnotationTitle: 'Delete annotation (Delete)',
  undo: 'Undo',
  undoTitle: 'Undo (Ctrl+Z)',
  redo: 'Redo',
  redoTitle: 'Redo (Ctrl+Y)',
  annotationRemoved: 'Annotation removed',
  dismiss: 'Dismiss',
  undoDelete: 'Undo delete',
  annotationColour: 'Annotation colour',

  // The shortcuts dialog (Shift+?)
  keyboardShortcuts: 'Keyboard shortcuts',
  keys: 'Keys',
  action: 'Action',
  /** Every shortcut of the viewer and its annotations, as the dialog lists them. */
  shortcuts: [
    { keys: 'n, j, →, Space', action: 'Next page' },
    { keys: 'p, k, ←', action: 'Previous page' },
    { keys: 'r', action: 'Rotate clockwise' },
    { keys: 'Shift+R', action: 'Rotate counterclockwise' },
    { keys: 'Ctrl +', action: 'Zoom in' },
    { keys: 'Ctrl −', action: 'Zoom out' },
    { keys: 'Ctrl+F', action: 'Find in the document (Enter next, Shift+Enter previous, Esc close)' },
    { keys: 'Ctrl+P', action: 'Print the document' },
    { keys: 'Shift+?', action: 'Show these shortcuts' },
    { keys: 'Delete, Backspace', action: 'Delete the selected annotation' },
    { keys: 'Esc', action: 'Cancel a drawing, deselect' },
    { keys: 'Ctrl+Z', action: 'Undo the last annotation change' },
    { keys: 'Ctrl+Y', action: 'Redo' },
    { keys: 'Arrows (Ctrl: ×10)', action: 'Nudge the selected annotation' },
    { keys: 'Shift+Arrows', action: 'Size the selected annotation' },
    { keys: 'Enter on a page', action: 'Place the chosen annotation tool there' },
    { keys: 'Enter on a text annotation', action: 'Edit its text' },
  ],
} as const;
