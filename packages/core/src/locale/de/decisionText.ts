import type { TextsOf } from '../../rules';
import type { DECISION_TEXT } from '../decisionText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** DECISION_TEXT in German. */
export const DECISION_TEXT_DE: TextsOf<typeof DECISION_TEXT> = {
  overdue: 'Überfällig',
  discountEndsToday: 'Skonto endet heute',
  staleSince: (when: string): string => `ERP nicht erreichbar: Angaben vom ${when}`,
  staleNever: 'ERP nicht erreichbar: Angaben noch nicht gelesen',
  loading: 'Wird aus dem ERP gelesen…',
  overdueCount: (count: number): string => `${count} überfällig`,
  dueSoon: (count: number, days: number): string => `${count} fällig in ${plural(days, { one: `${days} Tag`, other: `${days} Tagen` })}`,
  days: (count: number): string => `${count} ${plural(count, { one: 'Tag', other: 'Tage' })}`,
};
