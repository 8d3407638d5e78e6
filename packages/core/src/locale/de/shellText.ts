import type { TextsOf } from '../../rules';
import type { SHELL_TEXT } from '../shellText';

/** SHELL_TEXT in German. */
export const SHELL_TEXT_DE: TextsOf<typeof SHELL_TEXT> = {
  pageNotFound: 'Diese Seite gibt es nicht',
  goToFolders: 'Zu den Belegen des Datensatzes',

  dismissError: 'Fehler schließen',
  dismissAlert: 'Meldung schließen',
  tryAgain: 'Erneut versuchen',
  loadingProgress: 'Wird geladen',
  uploading: 'Wird hochgeladen…',
  resizeViewerPane: 'Größe des Anzeigebereichs ändern',
  errorType: 'Fehler',
  requestFailed: 'Anfrage fehlgeschlagen',
};
