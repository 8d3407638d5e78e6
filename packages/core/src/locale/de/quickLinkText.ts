import type { TextsOf } from '../../rules';
import type { QUICK_LINK_TEXT } from '../quickLinkText';

/** QUICK_LINK_TEXT in German. */
export const QUICK_LINK_TEXT_DE: TextsOf<typeof QUICK_LINK_TEXT> = {
  quickLink: 'Schnellverknüpfung',
  quickLinkHint: 'Den ausgewählten Beleg mit seinem Datensatz verknüpfen und dann freigeben.',
  selectOne: 'Wählen Sie einen Beleg für die Schnellverknüpfung aus.',
  dialogTitle: (documentName: string): string => `Schnellverknüpfung: ${documentName}`,
  recordType: 'Datensatztyp',
  recordNumber: 'Datensatznummer oder ID',
  recordNumberHint: 'Die Nummer, unter der der Datensatz bekannt ist (PI-1003), oder seine ID im ERP.',
  note: 'Freigabenotiz',
  linkAndApprove: 'Verknüpfen und freigeben',
  approve: 'Freigeben',
  linkedAsk: (number: string): string => `Mit ${number} verknüpft. Den Beleg jetzt freigeben?`,
  leaveLinked: 'Nur verknüpft lassen',
  approveAnyway: 'Trotzdem freigeben',
  linkToApproval: 'Verknüpfen zur Freigabe',
  linkedAndApproved: (documentName: string, number: string): string => `${documentName} mit ${number} verknüpft und freigegeben`,
  approved: (documentName: string): string => `${documentName} freigegeben`,
  linkedOnly: (documentName: string, number: string): string => `${documentName} mit ${number} verknüpft`,

  launchCard: 'Karte öffnen',
  notPermittedLaunch: 'Dieser Beleg ist nicht verknüpft, oder Sie dürfen keine Datensätze im ERP öffnen.',
  launching: 'Der Datensatz wird im ERP geöffnet…',
  launched: (number: string): string => `${number} im ERP geöffnet.`,
  launchLinkedTitle: 'Verknüpften Datensatz öffnen',
  launchLinkedNoDocument: 'Es wurde kein Beleg angegeben, dessen Datensatz geöffnet werden soll.',
  launchLinkedNotLinked: 'Der Beleg ist mit keinem Datensatz verknüpft.',
};
