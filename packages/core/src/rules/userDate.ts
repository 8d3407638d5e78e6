import { MESSAGES } from './messages';

/**
 * The formats a typed user date may take, checked strictly: the whole text must match one of
 * them and name a real calendar day. Ours: the spec says "only the listed formats, strictly"
 * without listing them; these are the ERP's (month first, as Business Central's en-US) plus ISO.
 */
export const USER_DATE_FORMATS = ['MM/DD/YYYY', 'M/D/YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD'] as const;

/** One of the accepted user date formats. */
export type UserDateFormat = (typeof USER_DATE_FORMATS)[number];

/** The format user dates are shown and typed in by default. */
export const DEFAULT_USER_DATE_FORMAT: UserDateFormat = 'MM/DD/YYYY';

/** The year of the placeholder date that stands for "no date" and shows as blank (portal §5). */
export const PLACEHOLDER_USER_DATE_YEAR = 1900;

/** A typed user date: blank, a calendar day ('YYYY-MM-DD'), or text that is no valid date. */
export type UserDateInput = { kind: 'blank' } | { kind: 'date'; date: string } | { kind: 'invalid' };

/** How a stored user date shows: blank, a date only (stored at 12:00 UTC), or a date and time. */
export type UserDateDisplay = { kind: 'blank' } | { kind: 'date'; date: string } | { kind: 'dateTime'; instant: string };

const PATTERNS: Readonly<Record<UserDateFormat, RegExp>> = {
  'MM/DD/YYYY': /^(?<m>\d{2})\/(?<d>\d{2})\/(?<y>\d{4})$/,
  'M/D/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'MM-DD-YYYY': /^(?<m>\d{2})-(?<d>\d{2})-(?<y>\d{4})$/,
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$/,
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of a year, month and day when they name a real calendar day (years 1000–9999), else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (leap years included).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Reads what a user typed into a user date field, strictly (USER_DATE_FORMATS). Blank text is
 * blank; so is the placeholder year 1900, which the product shows as blank.
 */
export function parseUserDateText(text: string): UserDateInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'blank' };
  for (const format of USER_DATE_FORMATS) {
    const groups = PATTERNS[format].exec(trimmed)?.groups;
    if (!groups) continue;
    const date = calendarDay(Number(groups.y), Number(groups.m), Number(groups.d));
    if (date === null) return { kind: 'invalid' };
    return Number(groups.y) === PLACEHOLDER_USER_DATE_YEAR ? { kind: 'blank' } : { kind: 'date', date };
  }
  return { kind: 'invalid' };
}

/** The stored form of a calendar day: that day at 12:00 UTC, which every time zone shows as the same day. */
export function userDateToStored(date: string): string {
  return `${date}T12:00:00.000Z`;
}

/** Whether a stored instant is the placeholder year-1900 date (shown as blank). */
export function isPlaceholderUserDate(stored: string): boolean {
  const time = Date.parse(stored);
  return !Number.isNaN(time) && new Date(time).getUTCFullYear() === PLACEHOLDER_USER_DATE_YEAR;
}

/** How a stored user date shows (portal §5): 12:00 UTC is a date only, year 1900 and null are blank. */
export function userDateDisplay(stored: string | null | undefined): UserDateDisplay {
  if (stored === null || stored === undefined || stored === '') return { kind: 'blank' };
  const time = Date.parse(stored);
  if (Number.isNaN(time) || isPlaceholderUserDate(stored)) return { kind: 'blank' };
  const instant = new Date(time);
  if (
    instant.getUTCHours() === 12 &&
    instant.getUTCMinutes() === 0 &&
    instant.getUTCSeconds() === 0 &&
    instant.getUTCMilliseconds() === 0
  ) {
    return { kind: 'date', date: instant.toISOString().slice(0, 10) };
  }
  return { kind: 'dateTime', instant: instant.toISOString() };
}

/** Writes a calendar day ('YYYY-MM-DD') in one of the accepted formats. */
export function formatUserDate(date: string, format: UserDateFormat = DEFAULT_USER_DATE_FORMAT): string {
  const [y, m, d] = date.split('-');
  switch (format) {
    case 'YYYY-MM-DD':
      return date;
    case 'MM-DD-YYYY':
      return `${m}-${d}-${y}`;
    case 'M/D/YYYY':
      return `${Number(m)}/${Number(d)}/${y}`;
    default:
      return `${m}/${d}/${y}`;
  }
}

/** The text a user date field starts with: the stored day in the default format, '' when blank (dates with a time show their UTC day). */
export function userDateFieldText(stored: string | null | undefined): string {
  const display = userDateDisplay(stored);
  if (display.kind === 'blank') return '';
  return formatUserDate(display.kind === 'date' ? display.date : display.instant.slice(0, 10));
}

/** Today's calendar day in the user's own time zone ('Default User Date to Today'). */
export function todayUserDate(now: Date): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The message under a user date field: while the text is no valid date, and after such a text was saved as blank. */
export function userDateMessage(input: UserDateInput, savedAsBlank: boolean): string | null {
  if (savedAsBlank) return MESSAGES.reenterValidDate;
  return input.kind === 'invalid' ? MESSAGES.enterValidDate : null;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The server's reading of a user date sent over the API: null or '' blanks it; 'YYYY-MM-DD' (a
 * real day) is stored at 12:00 UTC; a full ISO instant with a zone is kept as that instant; the
 * year-1900 placeholder is stored as blank. Anything else is refused (undefined).
 */
export function normalizeUserDateValue(value: unknown): { value: string | null } | undefined {
  if (value === null || value === '') return { value: null };
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const date = calendarDay(Number(day[1]), Number(day[2]), Number(day[3]));
    if (date === null) return undefined;
    return { value: Number(day[1]) === PLACEHOLDER_USER_DATE_YEAR ? null : userDateToStored(date) };
  }
  const instant = INSTANT.exec(value);
  if (!instant) return undefined;
  const [, y, mo, d, h, mi, s] = instant;
  if (calendarDay(Number(y), Number(mo), Number(d)) === null || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const iso = new Date(time).toISOString();
  return { value: isPlaceholderUserDate(iso) ? null : iso };
}
