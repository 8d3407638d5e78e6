import type { TextsOf } from '../../rules';
import type { LIVE_TEXT } from '../liveText';

/** The participle of a change another user made, by its kind ("Freigegeben"). */
const DONE: Readonly<Record<string, string>> = {
  approve: 'Freigegeben',
  reject: 'Abgelehnt',
  route: 'Weitergeleitet',
  submit: 'Eingereicht',
  delete: 'Gelöscht',
};

/** LIVE_TEXT in German. */
export const LIVE_TEXT_DE: TextsOf<typeof LIVE_TEXT> = {
  actedOnBy: (kind: string, name: string): string =>
    `Gerade eben ${(DONE[kind] ?? 'Geändert').toLowerCase()} von ${name === '' ? 'einem anderen Benutzer' : name}`,
  actedOnNamedBy: (documentName: string, kind: string, name: string): string =>
    `${documentName}: gerade eben ${(DONE[kind] ?? 'Geändert').toLowerCase()} von ${name === '' ? 'einem anderen Benutzer' : name}`,
  dismissActedOn: 'Schließen',
  nextDocument: 'Nächster Beleg',
  reload: 'Neu laden',
  outOfSyncRefreshed:
    'Jemand anderes hat diesen Beleg geändert, seit die Liste gelesen wurde; die Liste zeigt die Warteschlange jetzt, wie sie ist.',
  outOfSyncReason: 'Von jemand anderem geändert, seit die Liste gelesen wurde.',
};
