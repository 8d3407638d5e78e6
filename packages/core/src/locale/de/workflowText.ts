import type { TextsOf } from '../../rules';
import { pluralFor } from '../plural';
import type { WORKFLOW_TEXT } from '../workflowText';

const plural = pluralFor('de');

/** "1 Beleg", "3 Belege". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`;

/** WORKFLOW_TEXT in German. */
export const WORKFLOW_TEXT_DE: TextsOf<typeof WORKFLOW_TEXT> = {
  documentCount: documents,

  workflow: 'Workflow',
  queues: 'Warteschlangen',
  queueType: 'Warteschlangentyp',
  queueTypes: 'Warteschlangentypen',
  queue: 'Warteschlange',
  queuesOf: (typeName: string): string => `Warteschlangen: ${typeName}`,
  breadcrumb: 'Navigationspfad',
  filterQueues: 'Warteschlangen filtern',
  hideEmptyQueues: 'Leere Warteschlangen ausblenden',
  noQueues: 'Keine Warteschlangen vorhanden.',
  loadingQueues: 'Warteschlangen werden geladen…',
  noQueuesToOpen: 'Hier gibt es keine Warteschlangen, die Sie öffnen dürfen.',
  queueTypeLink: (name: string, count: number): string => `${name}, ${documents(count)}`,
  queueLink: (name: string, count: number, enabled: boolean): string => `${name}, ${documents(count)}${enabled ? '' : ', deaktiviert'}`,

  filterDocuments: 'Belege filtern',
  columnsMenu: 'Spalten',
  columnsShown: 'Angezeigte Spalten',
  resetColumns: 'Spalten zurücksetzen',
  columns: { name: 'Name', linked: 'Verknüpft', yes: 'Ja', no: 'Nein' },
  resizeColumn: (title: string): string => `Breite von ${title} ändern`,
  approvalList: 'Freigabeliste',
  approvalListHint: 'Wählen Sie einen Beleg in einer Warteschlange mit Freigabelisten aus.',
  previous: 'Zurück',
  next: 'Weiter',
  queueStatus: 'Status der Warteschlange',
  loadedOf: (loaded: number, total: number): string => `${loaded} von ${total} geladen`,
  documentsOf: (queueName: string): string => `Belege in ${queueName}`,
  noDocuments: 'Keine Belege in dieser Warteschlange',
  noDocumentsMatch: (filter: string): string => `Keine Belege in dieser Warteschlange entsprechen „${filter}“`,
  selectOne: 'Wählen Sie einen Beleg aus, um ihn hier anzuzeigen.',
  workflowActions: 'Workflow-Aktionen',
  commands: {
    approve: 'Freigeben',
    reject: 'Ablehnen',
    route: 'Weiterleiten',
    createLock: 'Sperren',
    renewLock: 'Sperre verlängern',
    unlock: 'Entsperren',
    refresh: 'Aktualisieren',
  },
  checkingAccess: 'Es wird geprüft, was Sie mit den ausgewählten Belegen tun dürfen…',
  promptTitle: {
    approve: (count: number): string => `${documents(count)} freigeben`,
    reject: (count: number): string => `${documents(count)} ablehnen`,
  },
  note: 'Notiz',
  approved: (count: number): string => `${documents(count)} freigegeben`,
  rejected: (count: number): string => `${documents(count)} abgelehnt`,
  lockedDocuments: {
    createLock: (count: number): string => `${documents(count)} gesperrt`,
    renewLock: (count: number): string => `Sperre für ${documents(count)} verlängert`,
    unlock: (count: number): string => `${documents(count)} entsperrt`,
  },
  outOfSync: 'Nicht synchron',

  routeFrom: (what: string, queueName: string): string => `${what} aus ${queueName}`,
  loadingRoutes: 'Weiterleitungsziele werden geladen…',
  noQueuesMatch: 'Keine Warteschlangen entsprechen dem Filter.',
  route: 'Weiterleiten',
  routed: (count: number, queueName: string): string => `${documents(count)} an ${queueName} weitergeleitet`,

  approvalListOf: (documentName: string): string => `Freigabeliste – ${documentName}`,
  loadingApprovalList: 'Freigabeliste wird geladen…',
  approvalListReadOnly: 'Sie können diese Freigabeliste sehen, aber nicht ändern.',
  noApprovalSteps: 'Dieser Beleg hat noch keine Freigabeschritte.',
  stepStatus: { approved: 'Freigegeben', current: 'Aktuell', pending: 'Ausstehend' },
  approvedBy: (who: string | null): string => (who === null ? 'Freigegeben' : `Freigegeben von ${who}`),
  approvedOn: ' am ',
  moveStepUp: (step: number, queueName: string): string => `Schritt ${step} (${queueName}) nach oben`,
  moveStepDown: (step: number, queueName: string): string => `Schritt ${step} (${queueName}) nach unten`,
  movedStep: (queueName: string, direction: 'up' | 'down'): string =>
    `${queueName} nach ${direction === 'up' ? 'oben' : 'unten'} verschoben`,
  removeStep: (step: number, queueName: string): string => `Schritt ${step} (${queueName}) entfernen`,
  removedStep: (queueName: string): string => `${queueName} entfernt`,
  approvalQueue: 'Freigabewarteschlange',
  noQueuesToAdd: 'Keine Warteschlangen zum Hinzufügen',
  chooseQueue: 'Warteschlange auswählen…',
  addStep: 'Schritt hinzufügen',
  addedStep: (queueName: string): string => `${queueName} hinzugefügt`,

  documentLock: 'Belegsperre',
  lockedBy: 'Gesperrt von',
  expires: 'Läuft ab',
  expiresIn: (minutes: number): string => `(läuft in ${minutes} Min. ab)`,
  lockOwnerYou: 'Ihnen',
  lockOwnerOther: 'Einem anderen Benutzer',
  notLocked: 'Nicht gesperrt',
  notInQueueCannotLock: 'Dieser Beleg ist in keiner Workflow-Warteschlange und kann daher nicht gesperrt werden.',
  lockActions: { createLock: 'Sperren', renewLock: 'Sperre verlängern', unlock: 'Entsperren' },
  lockDone: { createLock: 'Beleg gesperrt', renewLock: 'Sperre verlängert', unlock: 'Beleg entsperrt' },
  dismissLockError: 'Sperrfehler schließen',

  approvalLimitTitle: 'Über Ihrem Freigabelimit',
  routeToNextLevel: 'An die nächste Stufe weiterleiten',
  dismissApprovalLimit: 'Meldung zum Freigabelimit schließen',

  approveCount: (count: number): string => (count > 1 ? `${documents(count)} freigeben` : 'Freigeben'),
  rejectCount: (count: number): string => (count > 1 ? `${documents(count)} ablehnen` : 'Ablehnen'),
  reason: 'Grund',
  needsPrivilege: (action: 'approve' | 'reject' | 'route', privilege: string): string =>
    `Zum ${{ approve: 'Freigeben', reject: 'Ablehnen', route: 'Weiterleiten' }[action]} von Belegen ist das Recht '${privilege}' erforderlich.`,
  lockedByUntil: (holder: string, until: string): string => `Gesperrt von ${holder} bis ${until}`,
  moreActions: 'Weitere Aktionen',
  sortedBy: (title: string | null): string => (title === null ? 'Sortieren' : `Sortiert nach ${title}`),
  sortMenu: 'Belege sortieren nach',
  sortAscending: 'Aufsteigend',
  sortDescending: 'Absteigend',
};
