import { forbidden } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS } from './queueAccessFlags';
import type { QueueAccessFlag } from './queueAccessFlags';

/**
 * The flags that let a member follow a queue — find it, open and search its documents, hear of
 * arrivals — and nothing more. They never grant a change (issue 35, finding 1 and 3: a clerk who
 * follows Approval L1, L2 and Approved with these imported into Approved and edited an invoice in L2).
 */
export const READ_ONLY_QUEUE_FLAGS: readonly QueueAccessFlag[] = [
  'BrowseToQueue',
  'AccessDocumentWithin',
  'SearchWithin',
  'ViewDocumentsWithin',
  'ReceiveNotificationsFor',
];

/** Every other flag of portal §3: each lets a member act on the queue's documents in some way. */
export const WRITE_QUEUE_FLAGS: readonly QueueAccessFlag[] = (Object.keys(QUEUE_ACCESS_FLAGS) as QueueAccessFlag[]).filter(
  (flag) => !READ_ONLY_QUEUE_FLAGS.includes(flag),
);

/** Everything a member may do to documents in a queue, by the flags it needs (docs/SECURITY.md "Queue access flags → actions"). */
export type QueueAction =
  | 'import'
  | 'submit'
  | 'editDescription'
  | 'editUserString'
  | 'editUserDate'
  | 'editCustomData'
  | 'annotate'
  | 'changeSubtype'
  | 'link'
  | 'unlink'
  | 'split'
  | 'splitAdvanced'
  | 'merge'
  | 'delete'
  | 'lock'
  | 'route'
  | 'approve'
  | 'reject';

/** What an action needs of the caller's effective access on the queue: every flag of `allOf` and, when `anyOf` names any, one of those. */
export interface QueueActionRule {
  /** The action in a refusal: 'Your access to the queue X does not allow {what}'. */
  what: string;
  /** The same in German: 'Ihr Zugriff auf die Warteschlange X erlaubt es nicht, {whatDe}'. */
  whatDe: string;
  /** Flags every one of which is needed. */
  allOf: readonly QueueAccessFlag[];
  /** Flags one of which is needed (none named: no such condition). */
  anyOf: readonly QueueAccessFlag[];
  /** The flags in words, for the refusal's "(it needs …)". */
  needs: string;
}

function all(what: string, whatDe: string, ...flags: QueueAccessFlag[]): QueueActionRule {
  return { what, whatDe, allOf: flags, anyOf: [], needs: flags.join(' and ') };
}

/** The spec's workflowPerms bit editDocData ("edit document data") is granted by any one of these (access/queueAccessFlags WORKFLOW_PERM_SOURCES). */
const DOCUMENT_DATA_FLAGS: readonly QueueAccessFlag[] = [
  'ChangeDescription',
  'ChangeUserString1',
  'ChangeUserDate1',
  'ChangeAnnotations',
  'ChangeSubtype',
];

/**
 * THE queue policy: for each action, the queue access flags it needs. Every command that acts on a
 * document in a queue — REST, OData (which routes through the same commands) and the jobs (which
 * approve through the approve command) — judges the caller's effective access with
 * `queueActionAllowed` on this table, and the answers that tell the client what it may do
 * (GET /documents/{id}/access, /readonly, the queues' `importRefusal`) read the same table.
 * Every rule needs some WRITE_QUEUE_FLAGS flag: read-only flags alone never grant an action
 * (queueActionPolicy.test.ts holds it).
 */
export const QUEUE_ACTION_POLICY: Readonly<Record<QueueAction, QueueActionRule>> = {
  // Putting new documents into the queue is the cabinet's Paste (portal §3): ours, as the spec names no import flag.
  import: all('importing documents into it', 'Belege in sie zu importieren', 'Paste'),
  // A submit hands the document on ("coded, take it from here"), as a route does: ours.
  submit: all('submitting documents', 'Belege einzureichen', 'Route'),
  editDescription: all('changing the description or name', 'die Beschreibung oder den Namen zu ändern', 'ChangeDescription'),
  editUserString: all('changing the user string', 'das Benutzerfeld (Text) zu ändern', 'ChangeUserString1'),
  editUserDate: all('changing the user date', 'das Benutzerdatum zu ändern', 'ChangeUserDate1'),
  // Custom (index) data is document data: the workflowPerms bit editDocData, as GET /readonly answers it.
  editCustomData: {
    what: 'changing custom data',
    whatDe: 'benutzerdefinierte Daten zu ändern',
    allOf: [],
    anyOf: DOCUMENT_DATA_FLAGS,
    needs: `one of ${DOCUMENT_DATA_FLAGS.join(', ')}`,
  },
  annotate: all('changing annotations', 'Anmerkungen zu ändern', 'ChangeAnnotations'),
  changeSubtype: all('changing the subtype', 'den Untertyp zu ändern', 'ChangeSubtype'),
  link: all('linking documents', 'Belege zu verknüpfen', 'LinkDocument'),
  unlink: all('breaking links', 'Verknüpfungen aufzuheben', 'UnlinkDocument'),
  split: all('splitting documents', 'Belege aufzuteilen', 'Split'),
  splitAdvanced: all('splitting documents into named parts', 'Belege in benannte Teile aufzuteilen', 'Split', 'SplitAdvanced'),
  merge: all('merging documents', 'Belege zusammenzuführen', 'Merge'),
  delete: all('deleting documents', 'Belege zu löschen', 'Delete'),
  // A lock reserves a document to work on it: only for a member who may open its documents and act there at all.
  lock: {
    what: 'locking documents',
    whatDe: 'Belege zu sperren',
    allOf: ['AccessDocumentWithin'],
    anyOf: WRITE_QUEUE_FLAGS,
    needs: `AccessDocumentWithin and a flag that lets you act there, not only ${READ_ONLY_QUEUE_FLAGS.join(', ')}`,
  },
  route: all('routing documents', 'Belege weiterzuleiten', 'Route'),
  approve: all('approving documents', 'Belege zu genehmigen', 'Approve'),
  reject: all('rejecting documents', 'Belege abzulehnen', 'Reject'),
};

/** Whether an access bit set holds what `rule` needs. */
function satisfies(rule: QueueActionRule, access: number): boolean {
  const held = (flag: QueueAccessFlag): boolean => (access & QUEUE_ACCESS_FLAGS[flag]) !== 0;
  return rule.allOf.every(held) && (rule.anyOf.length === 0 || rule.anyOf.some(held));
}

/** Whether the caller's effective access on a queue lets them do `action` there (the one judge of every path). */
export function queueActionAllowed(action: QueueAction, access: number): boolean {
  return satisfies(QUEUE_ACTION_POLICY[action], access);
}

/** Whether an access bit set holds some flag besides the read-only ones (a member who may act). */
export function grantsAnyWrite(access: number): boolean {
  return WRITE_QUEUE_FLAGS.some((flag) => (access & QUEUE_ACCESS_FLAGS[flag]) !== 0);
}

/**
 * A rule's flags in German (the flag names stay: they are the portal's): all of `allOf`, and one
 * of `anyOf` — for a lock, any flag beyond following, named by the ones that are not enough.
 */
function needsDe(rule: QueueActionRule): string {
  const all = rule.allOf.join(' und ');
  if (rule.anyOf.length === 0) return all;
  if (all === '') return `eines von ${rule.anyOf.join(', ')}`;
  return `${all} und ein Recht, mit dem Sie dort handeln dürfen, nicht nur ${READ_ONLY_QUEUE_FLAGS.join(', ')}`;
}

/**
 * The refusal of `action` in words: which queue, what it needs, and — for a member who only
 * follows the queue — that following grants no change. In `language` (German or English).
 */
export function queueActionRefusal(action: QueueAction, queueName: string, access: number, language = 'en'): string {
  const rule = QUEUE_ACTION_POLICY[action];
  const readOnly = access !== 0 && !grantsAnyWrite(access);
  if (language.toLowerCase().startsWith('de')) {
    const german = `Ihr Zugriff auf die Warteschlange ${queueName} erlaubt es nicht, ${rule.whatDe} (erforderlich: ${needsDe(rule)}).`;
    return readOnly ? `${german} Sie folgen dieser Warteschlange nur lesend.` : german;
  }
  const base = `Your access to the queue ${queueName} does not allow ${rule.what} (it needs ${rule.needs}).`;
  return readOnly ? `${base} You follow this queue read-only.` : base;
}

/** 403 with queueActionRefusal's words. */
export function queueActionForbidden(action: QueueAction, queueName: string, access: number): DomainError {
  return forbidden((language) => queueActionRefusal(action, queueName, access, language));
}

/** Refuses (403 in words) unless the caller's effective access on the queue allows `action`. */
export function assertQueueActionAllowed(action: QueueAction, queue: { name: string; access: number }): void {
  if (!queueActionAllowed(action, queue.access)) throw queueActionForbidden(action, queue.name, queue.access);
}
