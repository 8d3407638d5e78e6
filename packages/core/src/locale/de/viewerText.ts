import { ANNOTATION_TYPES, isTextAnnotationType, type AnnotationType } from '../../model';
import type { TextsOf } from '../../rules';
import type { VIEWER_TEXT } from '../viewerText';

/** The drawing tools in toolbar order, with their German names. */
const ANNOTATION_TOOLS = [
  { type: ANNOTATION_TYPES.solidRectangle, name: 'Rechteck' },
  { type: ANNOTATION_TYPES.textbox, name: 'Textfeld' },
  { type: ANNOTATION_TYPES.area, name: 'Bereich' },
  { type: ANNOTATION_TYPES.solidEllipse, name: 'Gefüllte Ellipse' },
  { type: ANNOTATION_TYPES.hollowEllipse, name: 'Ellipse' },
  { type: ANNOTATION_TYPES.line, name: 'Linie' },
  { type: ANNOTATION_TYPES.note, name: 'Notiz' },
  { type: ANNOTATION_TYPES.highlight, name: 'Hervorhebung' },
] as const satisfies readonly { type: AnnotationType; name: string }[];

/** The German name of an annotation type. */
function annotationTypeName(type: AnnotationType): string {
  return ANNOTATION_TOOLS.find((tool) => tool.type === type)?.name ?? 'Anmerkung';
}

/** VIEWER_TEXT in German, with German key names (Strg, Entf, Umschalt). */
export const VIEWER_TEXT_DE: TextsOf<typeof VIEWER_TEXT> = {
  openingDocument: 'Beleg wird geöffnet…',
  notes: 'Notizen',
  openFullWidth: 'In voller Breite öffnen',
  exitFullWidth: 'Zurück in den Seitenbereich',
  fullWidthRegion: 'Beleg in voller Breite',
  download: 'Herunterladen',
  notShownDownloaded: (documentName: string): string =>
    `${documentName} kann hier nicht angezeigt werden und wurde deshalb heruntergeladen.`,
  damagedFile:
    'Diese Datei ist beschädigt oder kein PDF, das die Ansicht lesen kann, daher kann sie hier nicht angezeigt werden. Laden Sie sie herunter, um sie in einem anderen Programm zu öffnen.',
  couldNotShow: 'Der Beleg konnte hier nicht angezeigt werden. Laden Sie ihn herunter, um ihn in einem anderen Programm zu öffnen.',

  documentPages: 'Belegseiten',
  loadingDocument: 'Beleg wird geladen…',
  pageLabel: (page: number): string => `Seite ${page}`,
  pageNotDrawn: (page: number): string =>
    `Seite ${page} konnte nicht dargestellt werden. Die Schaltfläche „Herunterladen“ oben speichert die Datei so, wie sie hochgeladen wurde.`,
  goToPage: (page: number): string => `Zu Seite ${page}`,
  passwordNeeded: 'Kennwort erforderlich',
  passwordProtected: 'Dieser Beleg ist durch ein Kennwort geschützt.',
  password: 'Kennwort',
  wrongPassword: 'Das Kennwort ist nicht richtig. Prüfen Sie es und versuchen Sie es erneut.',

  toolbar: 'Belegansicht',
  previousPage: 'Vorherige Seite',
  previousPageTitle: 'Vorherige Seite (p)',
  nextPage: 'Nächste Seite',
  nextPageTitle: 'Nächste Seite (n)',
  pageNumber: 'Seitennummer',
  ofPages: (pageCount: number): string => `von ${pageCount}`,
  pageOutOfRange: (pageCount: number): string =>
    pageCount === 1 ? 'Dieser Beleg hat 1 Seite.' : `Geben Sie eine Seite von 1 bis ${pageCount} ein.`,
  zoomOut: 'Verkleinern',
  zoomOutTitle: 'Verkleinern (Strg −)',
  zoomIn: 'Vergrößern',
  zoomInTitle: 'Vergrößern (Strg +)',
  fitWidth: 'An Breite anpassen',
  fitPage: 'Ganze Seite',
  fitPageTitle: 'Ganze Seite anzeigen',
  rotate: 'Drehen',
  rotateTitle: 'Im Uhrzeigersinn drehen (r, Umschalt+R zurück)',
  thumbnails: 'Miniaturansichten',
  find: 'Im Beleg suchen',
  findTitle: 'Im Beleg suchen (Strg+F)',

  matches: 'Treffer',
  matchCount: (total: number, active: number, complete: boolean): string => {
    if (total === 0) return complete ? 'Keine Treffer' : 'Suche läuft…';
    return `${Math.min(total, active + 1)} von ${total}${complete ? '' : '+'}`;
  },
  previousMatch: 'Vorheriger Treffer',
  previousMatchTitle: 'Vorheriger Treffer (Umschalt+Eingabe)',
  nextMatch: 'Nächster Treffer',
  nextMatchTitle: 'Nächster Treffer (Eingabe)',
  closeFind: 'Suche schließen',
  closeFindTitle: 'Schließen (Esc)',

  annotations: 'Anmerkungen',
  select: 'Auswählen',
  selectTitle: 'Anmerkungen auswählen, verschieben und in der Größe ändern',
  annotationTools: ANNOTATION_TOOLS,
  annotationTypeName,
  annotationLabel: (type: AnnotationType, content: string | null): string => {
    const name = `Anmerkung ${annotationTypeName(type)}`;
    return isTextAnnotationType(type) ? `${name}: ${content ?? ''}` : name;
  },
  annotationsOnPage: (page: number): string => `Anmerkungen auf Seite ${page}`,
  annotationText: 'Anmerkungstext',
  drawTool: (toolName: string): string => `Zeichnen: ${toolName}`,
  textSize: 'Textgröße',
  editText: 'Text bearbeiten',
  editTextTitle: 'Text bearbeiten (Eingabe)',
  deleteAnnotation: 'Anmerkung löschen',
  deleteAnnotationTitle: 'Anmerkung löschen (Entf)',
  undo: 'Rückgängig',
  undoTitle: 'Rückgängig (Strg+Z)',
  redo: 'Wiederholen',
  redoTitle: 'Wiederholen (Strg+Y)',
  annotationRemoved: 'Anmerkung entfernt',
  dismiss: 'Schließen',
  undoDelete: 'Löschen rückgängig machen',
  annotationColour: 'Anmerkungsfarbe',

  keyboardShortcuts: 'Tastenkombinationen',
  keys: 'Tasten',
  action: 'Aktion',
  shortcuts: [
    { keys: 'n, j, →, Leertaste', action: 'Nächste Seite' },
    { keys: 'p, k, ←', action: 'Vorherige Seite' },
    { keys: 'r', action: 'Im Uhrzeigersinn drehen' },
    { keys: 'Umschalt+R', action: 'Gegen den Uhrzeigersinn drehen' },
    { keys: 'Strg +', action: 'Vergrößern' },
    { keys: 'Strg −', action: 'Verkleinern' },
    { keys: 'Strg+F', action: 'Im Beleg suchen (Eingabe: weiter, Umschalt+Eingabe: zurück, Esc: schließen)' },
    { keys: 'Strg+P', action: 'Beleg drucken' },
    { keys: 'Umschalt+?', action: 'Diese Tastenkombinationen anzeigen' },
    { keys: 'Entf, Rücktaste', action: 'Ausgewählte Anmerkung löschen' },
    { keys: 'Esc', action: 'Zeichnen abbrechen, Auswahl aufheben' },
    { keys: 'Strg+Z', action: 'Letzte Änderung an Anmerkungen rückgängig machen' },
    { keys: 'Strg+Y', action: 'Wiederholen' },
    { keys: 'Pfeiltasten (Strg: ×10)', action: 'Ausgewählte Anmerkung verschieben' },
    { keys: 'Umschalt+Pfeiltasten', action: 'Größe der ausgewählten Anmerkung ändern' },
    { keys: 'Eingabe auf einer Seite', action: 'Gewähltes Anmerkungswerkzeug dort platzieren' },
    { keys: 'Eingabe auf einer Textanmerkung', action: 'Ihren Text bearbeiten' },
  ],
};
