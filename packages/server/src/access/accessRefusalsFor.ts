import type { TextsOf } from '@datahaven/core/rules';

/** What a privilege opens, as a refusal names it ("Approving documents needs the '…' privilege."). */
export type PrivilegedActivity =
  | 'approving'
  | 'rejecting'
  | 'routing'
  | 'sending'
  | 'importing'
  | 'importingIntoQueue'
  | 'uploading'
  | 'workflowArea';

/** Each activity in English, as the refusal's subject. */
const ACTIVITY: Readonly<Record<PrivilegedActivity, string>> = {
  approving: 'Approving documents',
  rejecting: 'Rejecting documents',
  routing: 'Routing documents',
  sending: 'Sending documents for approval',
  importing: 'Importing documents',
  importingIntoQueue: 'Importing into a queue',
  uploading: 'Uploading',
  workflowArea: 'The workflow area',
};

/** Each activity in German, as the refusal's subject. */
const ACTIVITY_DE: Readonly<Record<PrivilegedActivity, string>> = {
  approving: 'Das Genehmigen von Belegen',
  rejecting: 'Das Ablehnen von Belegen',
  routing: 'Das Weiterleiten von Belegen',
  sending: 'Das Senden von Belegen zur Genehmigung',
  importing: 'Das Importieren von Belegen',
  importingIntoQueue: 'Das Importieren in eine Warteschlange',
  uploading: 'Das Hochladen',
  workflowArea: 'Der Workflow-Bereich',
};

/**
 * The workflow's and the queue import's refusals of a caller (a privilege or queue flag missing,
 * a disabled queue) in English; privilege and flag names stay as the portal names them.
 */
export const ACCESS_REFUSALS = {
  privilegeNeeded: (activity: PrivilegedActivity, privilege: string): string => `${ACTIVITY[activity]} needs the '${privilege}' privilege.`,
  queueFlagMissing: (flag: string): string => `You do not have the ${flag} access of this queue.`,
  queueDisabled: (queueName: string): string => `The queue ${queueName} is disabled.`,
  recordUploadForbidden: (tableLabel: string): string => `You may not upload documents to ${tableLabel} records.`,
} as const;

/** ACCESS_REFUSALS in German, Sie-form. */
export const ACCESS_REFUSALS_DE: TextsOf<typeof ACCESS_REFUSALS> = {
  privilegeNeeded: (activity, privilege) => `${ACTIVITY_DE[activity]} erfordert das Recht '${privilege}'.`,
  queueFlagMissing: (flag) => `Sie haben in dieser Warteschlange nicht das Zugriffsrecht ${flag}.`,
  queueDisabled: (queueName) => `Die Warteschlange ${queueName} ist deaktiviert.`,
  recordUploadForbidden: (tableLabel) => `Sie dürfen keine Belege zu Datensätzen vom Typ ${tableLabel} hochladen.`,
};

/** ACCESS_REFUSALS in `language`; English for any the product does not speak. */
export function accessRefusalsFor(language: string): TextsOf<typeof ACCESS_REFUSALS> {
  return language.toLowerCase().startsWith('de') ? ACCESS_REFUSALS_DE : ACCESS_REFUSALS;
}
