import type { TextsOf } from '../../rules';
import type { DUPLICATES_TEXT } from '../duplicatesText';

/** DUPLICATES_TEXT in German. */
export const DUPLICATES_TEXT_DE: TextsOf<typeof DUPLICATES_TEXT> = {
  title: 'Mögliche Doppelerfassung',
  andMore: (count: number): string => `und ${count} weitere`,
  openOther: (name: string): string => `${name} öffnen, den Beleg, den dieser möglicherweise doppelt`,
  overrideReason: 'Grund für die Freigabe trotzdem',
  overrideHint: 'Wird im Freigabeverlauf und als Notiz zum Beleg gespeichert.',
  overrideRequired: 'Geben Sie den Grund an, eine mögliche Doppelerfassung trotzdem freizugeben.',
  promptLine: (documentName: string, others: string): string => `${documentName}: mögliche Doppelerfassung von ${others}.`,
};
