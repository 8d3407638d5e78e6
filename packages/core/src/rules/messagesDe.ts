import type { MESSAGES } from './messages';
import type { TextsOf } from './TextsOf';

/**
 * The spec's texts (MESSAGES) in German, Sie-form, in Business Central's German terms (Beleg,
 * Kreditor, Einkaufsrechnung, Warteschlange, Freigabe, Datensatz). The spec's own slips
 * ('Occured', the missing space of the queue-type refusal) are English spelling and are not carried over.
 */
export const MESSAGES_DE: TextsOf<typeof MESSAGES> = {
  taggedItems: 'Markierte Elemente',
  pinnedSearches: 'Angeheftete Suchen',
  noDocumentsFound: 'Keine Belege gefunden',
  firstFiftyResults: 'Die ersten 50 Ergebnisse',
  fileTooBigToView: 'Die Datei ist zu groß für die Anzeige',

  noRoutesAvailable: 'Keine Weiterleitungen verfügbar',
  documentLinkRequired: 'Belegverknüpfung erforderlich',
  approvalRoutesRequired: 'Freigabewege erforderlich',
  linkedDocumentsRequired: 'Verknüpfte Belege erforderlich',

  noteRequired: 'Zum Absenden ist eine Notiz erforderlich.',
  noteTooLong: 'Notizen sind auf 4000 Zeichen begrenzt.',
  fieldRequired: 'Dieses Feld ist ein Pflichtfeld!',
  enterValidDate: 'Geben Sie ein gültiges Datum ein (ungültige Daten werden leer gespeichert)',
  reenterValidDate: 'Geben Sie erneut ein gültiges Datum ein',
  splitSelectionInvalid:
    'Bitte wählen Sie entweder „Einfache Teilung“ oder „Teilung an Trennseiten“. Wenn Sie „Einfache Teilung“ gewählt haben, geben Sie einen gültigen Seitenbereich ein.',
  linkOneUnlinkedDocument: 'Bitte wählen Sie jeweils nur einen nicht verknüpften Beleg aus.',
  linkAlreadyLinked: 'Der zum Verknüpfen ausgewählte Beleg ist bereits verknüpft. Entschuldigung!',
  linkDocumentNotFound: 'Der zum Verknüpfen ausgewählte Beleg wurde nicht gefunden. Entschuldigung!',
  linkInvalidRecordId: 'Der Beleg wurde nicht verknüpft. Stellen Sie sicher, dass die eingegebene Datensatz-ID gültig ist.',
  quickLinkFailedPrefix: 'Verknüpfung fehlgeschlagen, da Datensatz-ID:',

  queueOutOfSync: 'Belegwarteschlange nicht synchron mit dem Fenster',

  noLicense: 'Sie haben keine Lizenz oder Berechtigung für den Zugriff auf Datahaven Documents',

  badAuthenticationToken: 'Ungültiges Authentifizierungstoken erhalten',
  unhandledError: 'Ein unbehandelter Fehler ist aufgetreten',
  unableToGenerateRecordUrl: 'URL zum Datensatz konnte nicht erzeugt werden...',
  launchRecordError: 'Beim Öffnen eines Datensatzes ist ein Fehler aufgetreten.',
  documentNotApproved: 'Der Beleg konnte nicht freigegeben werden.',
  documentNotRejected: 'Der Beleg konnte nicht abgelehnt werden.',
  documentLockedByOther: 'Der Beleg wurde von einem anderen Benutzer gesperrt.',
  documentNotFound: 'Der Beleg wurde nicht gefunden. Er wurde entweder verschoben oder gelöscht.',
  documentMovedQueue:
    'Dieser Beleg wurde in eine andere Warteschlange verschoben, seit diese Seite geladen wurde. Bitte schließen Sie diesen Dialog, um Ihr Fenster zu aktualisieren.',
  splitError: 'Beim Teilen des Belegs ist ein Fehler aufgetreten.',
  noUrlForNewRecord: 'Es wurde keine URL erzeugt, um eine Seite für einen neuen Datensatz zu öffnen.',
  linkToNewRecordFailed: 'Der Beleg konnte nicht mit dem neu angelegten Datensatz verknüpft werden.',
  cannotCompleteImport: 'Fehler: Import kann nicht abgeschlossen werden!',
  errorUploadingFile: 'Fehler beim Hochladen der Datei!',
  unsupportedFileType: 'Nicht unterstützter Dateityp!',
  saveUserSettingsFailed: 'Die Benutzereinstellungen konnten nicht gespeichert werden.',
  mergeTooBig: 'Die Dateigröße der Zusammenführung überschreitet das Maximum',
  queueRestrictedToCompany:
    'Diese Warteschlange ist auf Benutzer mit einem Mandanten beschränkt. Es wurde kein aktueller Mandant angegeben.',
  linkToApprovalNotConfigured: 'Diese Warteschlange ist für „Link To Approval“ nicht richtig eingerichtet',
  serverVersionNotRetrieved: 'Serverversion nicht abgerufen.',
  unknownLicense: 'Unbekannte Lizenz.',
  unknownProductionEdition: 'Unbekannte Produktionsedition.',
  captureNotFulfilled: 'Die Anforderung, diesen Datensatz zu erfassen, konnte nicht erfüllt werden.',
  newRecordNavigatedAway: 'Sie haben die Seite des neuen Datensatzes auf irgendeine Weise verlassen, daher wurde der Vorgang abgebrochen.',
  quickLinkMultipleSelected: 'In einer Schnellverknüpfungs-Warteschlange wurden mehrere Belege für die Schnellverknüpfung ausgewählt.',

  failedReloadingWorkflowDocuments: 'Die Workflow-Belege konnten nicht neu geladen werden',
  errorBlockTitle: 'Ein Fehler ist aufgetreten',

  settingsTitle: 'Einstellungen',
  setupEditTitle: 'Einrichten / Bearbeiten',
  routeToTitle: 'Weiterleiten an ...',

  requestTimedOut: 'Der Server hat nicht innerhalb von 10 Sekunden geantwortet. Bitte versuchen Sie es später erneut.',
  serverUnreachable: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  requestCancelled: 'Die Anforderung wurde abgebrochen.',
  idempotencyKeyInProgress: 'Eine Anforderung mit diesem Idempotency-Key wird noch verarbeitet. Versuchen Sie es in Kürze erneut.',
  idempotencyKeyReused:
    'Dieser Idempotency-Key wurde bereits für eine andere Anforderung verwendet. Senden Sie für eine neue Anforderung einen neuen Schlüssel.',
  uploadCancelled: 'Das Hochladen wurde abgebrochen.',
  uploadTooLarge: 'Die Datei überschreitet die Größenbeschränkung für das Hochladen.',
  uploadEmpty: 'Die Datei ist leer.',
  notSplittable: 'Nur PDF- und TIFF-Belege mit mehr als einer Seite können geteilt werden.',

  noDocumentsSelected: 'Wählen Sie zuerst einen oder mehrere Belege aus.',
  taggingModeOn: 'Im Markierungsmodus nicht verfügbar.',
  actionNotPermitted: 'Sie haben nicht für jeden ausgewählten Beleg die Berechtigung dazu.',
  approveBlockedFromQueue: 'Belege in dieser Warteschlange können nicht aus der Warteschlange heraus freigegeben werden.',
  documentsInDifferentQueues: 'Die ausgewählten Belege müssen sich alle in derselben Warteschlange befinden.',
  unlinkedDocumentWarning: 'Mindestens einer der ausgewählten Belege ist mit keinem Datensatz verknüpft.',
  documentSubmissionRequired: 'Einreichung des Belegs erforderlich',
  submittedDocumentsRequired: 'Eingereichte Belege erforderlich',
  unsubmittedDocumentWarning: 'Mindestens einer der ausgewählten Belege wurde nicht eingereicht.',
  lockInSearchView: 'Sperren können in der Suchansicht nicht geändert werden.',
  mergeNeedsTwoDocuments: 'Wählen Sie zum Zusammenführen mehr als einen Beleg aus.',
  mergeDifferentLinks: 'Zusammenzuführende Belege müssen alle dieselbe Verknüpfung haben.',
  downloadTooManyDocuments: 'Das Download-Menü nimmt höchstens 10 Belege an.',
  queueNotFound: 'Die Warteschlange wurde nicht gefunden.',
  queueTypeNotFound: 'Der Warteschlangentyp wurde nicht gefunden.',
};
