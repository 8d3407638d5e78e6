import type { TextsOf } from '../../rules';
import { pluralFor } from '../plural';
import type { SEND_FOR_APPROVAL_TEXT } from '../sendForApprovalText';

const plural = pluralFor('de');

/** "1 Beleg", "3 Belege". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`;

/** SEND_FOR_APPROVAL_TEXT in German. */
export const SEND_FOR_APPROVAL_TEXT_DE: TextsOf<typeof SEND_FOR_APPROVAL_TEXT> = {
  sendForApproval: 'Zur Freigabe senden',
  sendForApprovalTo: (queueName: string): string => `Zur Freigabe senden → ${queueName}`,
  sendForApprovalToLabel: (queueName: string): string => `Zur Freigabe an ${queueName} senden`,
  sendTitle: (count: number): string =>
    plural(count, { one: 'Den Beleg zur Freigabe senden', other: `${documents(count)} zur Freigabe senden` }),
  nothingSelected: 'Wählen Sie die Belege aus, die zur Freigabe gesendet werden sollen.',
  notInWorkflow: 'Der Beleg ist in keiner Workflow-Warteschlange.',
  note: 'Notiz (optional)',
  sent: (count: number, queueName: string): string => `${documents(count)} zur Freigabe gesendet: jetzt in ${queueName}`,
  rejectedBecause: (reason: string): string => `Abgelehnt: ${reason}`,
  rejectedWithoutReason: 'Ohne Grund abgelehnt',
  rejectedByIn: (by: string, queueName: string, on: string): string => `Abgelehnt von ${by} in ${queueName} am ${on}`,
  reasonColumn: 'Ablehnungsgrund',
  rejectionBar: 'Warum dieser Beleg abgelehnt wurde',
};
