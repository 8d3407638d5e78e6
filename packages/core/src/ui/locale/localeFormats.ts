import type { HostLocale } from '../../host';
import { PLACEHOLDER_USER_DATE_YEAR, parseUserDateText, userDateDisplay, type UserDateInput } from '../../rules';

/** How a locale writes a calendar day as numbers: the order of its parts and the separator, e.g. DD.MM.YYYY. */
export interface NumericDatePattern {
  order: readonly ('day' | 'month' | 'year')[];
  separator: string;
  /** The pattern as users read it in a placeholder: 'DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY/MM/DD'. */
  text: string;
}

/** Dates, numbers and sizes in the host's locale (Intl), and date entry in the locale's own form. */
export interface LocaleFormats {
  /** The language tag for texts and `<html lang>`. */
  language: string;
  /** The region tag dates, numbers and sizes are written in. */
  region: string;
  /** A short date for an ISO instant ('30 May 2025', 'May 30, 2025'); '' when unreadable. */
  formatDate(iso: string | null | undefined): string;
  /** A date and time for an ISO instant; '' when unreadable. */
  formatDateTime(iso: string | null | undefined): string;
  /** A number with the locale's grouping and decimal mark. */
  formatNumber(value: number, fractionDigits?: number): string;
  /** A byte count for people: '512 B', '12.3 KB' / '12,3 KB' (1 KB = 1024 bytes). */
  formatFileSize(bytes: number): string;
  /** The numeric date form this locale types dates in. */
  datePattern: NumericDatePattern;
  /** A calendar day ('YYYY-MM-DD') in the locale's numeric form ('30.05.2025' in de-DE). */
  formatDateInput(day: string): string;
  /** Reads a typed date: the locale's numeric form or ISO (YYYY-MM-DD) everywhere; strictly, a real calendar day. */
  parseDateInput(text: string): UserDateInput;
  /** The text a user date field starts with for a stored value: its day in the locale's form, '' when blank. */
  userDateFieldText(stored: string | null | undefined): string;
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
/** A day whose day, month and year differ, to read a locale's order from. */
const PROBE_DAY = new Date(Date.UTC(2025, 4, 30, 12));

/** The locale's numeric date pattern, read from Intl (numeric day, month and four-digit year). */
export function numericDatePattern(region: string): NumericDatePattern {
  const parts = new Intl.DateTimeFormat(region, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(
    PROBE_DAY,
  );
  const order = parts.flatMap((part) => (part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : []));
  // The first literal between two fields is the separator ('.', '/', '-'); trailing marks (a final '.' in some locales) are optional when typing.
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  const names = { day: 'DD', month: 'MM', year: 'YYYY' } as const;
  return { order, separator, text: order.map((part) => names[part]).join(separator) };
}

/** 'YYYY-MM-DD' of a year, month and day when they name a real calendar day (years 1000–9999), else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Escapes a separator for a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A tag Intl accepts and supports, or null. */
function supportedTag(tag: string): string | null {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? null;
  } catch {
    return null;
  }
}

/** The locale's formats; a tag Intl refuses falls back to en-US rather than breaking the screens. */
export function createLocaleFormats(locale: HostLocale): LocaleFormats {
  const region = supportedTag(locale.region) ?? 'en-US';
  const language = locale.language;
  const dateFormat = new Intl.DateTimeFormat(region, { year: 'numeric', month: 'short', day: 'numeric' });
  const dateTimeFormat = new Intl.DateTimeFormat(region, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const pattern = numericDatePattern(region);
  const field = { day: '(?<day>\\d{1,2})', month: '(?<month>\\d{1,2})', year: '(?<year>\\d{4})' } as const;
  const localeInput = new RegExp(
    `^${pattern.order.map((part) => field[part]).join(`\\s*${escape(pattern.separator)}\\s*`)}${escape(pattern.separator)}?$`,
  );
  // Month-first locales keep the ERP's own strict formats too (MM-DD-YYYY and M/D/YYYY), as before.
  const monthFirst = pattern.order[0] === 'month';
  const instant = (iso: string | null | undefined): Date | null => {
    if (!iso) return null;
    const time = Date.parse(iso);
    return Number.isNaN(time) ? null : new Date(time);
  };
  const formatDateInput = (day: string): string => {
    const [year, month, date] = day.split('-');
    const values = { day: date, month, year };
    return pattern.order.map((part) => values[part]).join(pattern.separator);
  };
  const parseDateInput = (text: string): UserDateInput => {
    const trimmed = text.trim();
    if (trimmed === '') return { kind: 'blank' };
    const iso = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/.exec(trimmed)?.groups ?? localeInput.exec(trimmed)?.groups;
    if (!iso) return monthFirst ? parseUserDateText(trimmed) : { kind: 'invalid' };
    const day = calendarDay(Number(iso.year), Number(iso.month), Number(iso.day));
    if (day === null) return { kind: 'invalid' };
    return Number(iso.year) === PLACEHOLDER_USER_DATE_YEAR ? { kind: 'blank' } : { kind: 'date', date: day };
  };
  return {
    language,
    region,
    formatDate: (iso) => {
      const date = instant(iso);
      return date ? dateFormat.format(date) : '';
    },
    formatDateTime: (iso) => {
      const date = instant(iso);
      return date ? dateTimeFormat.format(date) : '';
    },
    formatNumber: (value, fractionDigits) =>
      new Intl.NumberFormat(
        region,
        fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
      ).format(value),
    formatFileSize: (bytes) => {
      if (!Number.isFinite(bytes) || bytes < 0) return '';
      if (bytes < 1024) return `${new Intl.NumberFormat(region, { maximumFractionDigits: 0 }).format(bytes)} B`;
      let value = bytes / 1024;
      let unit = 0;
      // Move up a unit when rounding to one decimal would print 1024.0.
      while (value >= 1023.95 && unit < SIZE_UNITS.length - 1) {
        value /= 1024;
        unit++;
      }
      return `${new Intl.NumberFormat(region, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} ${SIZE_UNITS[unit]}`;
    },
    datePattern: pattern,
    formatDateInput,
    parseDateInput,
    userDateFieldText: (stored) => {
      const display = userDateDisplay(stored);
      if (display.kind === 'blank') return '';
      return formatDateInput(display.kind === 'date' ? display.date : display.instant.slice(0, 10));
    },
  };
}
