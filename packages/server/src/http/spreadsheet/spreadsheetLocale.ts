/** Spaces Intl puts in numbers and currencies (no-break, narrow no-break): a plain space in a file. */
const INTL_SPACES = /[\u00a0\u202f]/g;

/** How one locale writes what an export holds: the .xlsx number formats and the CSV texts. */
export interface SpreadsheetLocale {
  locale: string;
  /** The time zone instants are shown in (IANA); UTC unless the client sends the user's. */
  timeZone: string;
  /** The .xlsx number format of a day ('dd.mm.yyyy' for de-DE, 'm/d/yyyy' for en-US). */
  dateFormat: string;
  /** The .xlsx number format of an instant: the day, then hours and minutes. */
  dateTimeFormat: string;
  /** The decimal separator ('.' or ','). */
  decimalSeparator: string;
  /** The CSV list separator: ';' where the decimal separator is ',' (as Excel expects), else ','. */
  listSeparator: string;
  /** The .xlsx number format of an amount in `currency` (symbol placed and decimals as the locale writes it). */
  amountFormat(currency: string | null): string;
  /** An amount as CSV text: the locale's currency format without grouping ('1234,50 €', '$1234.50'). */
  amountText(value: number, currency: string | null): string;
  /** A day (YYYY-MM-DD) as CSV text in the locale's short date ('22.11.2025'). */
  dayText(day: string): string;
  /** An instant as CSV text: the locale's short date and time in the time zone. */
  dateTimeText(at: string): string;
  /** A number as CSV text with the locale's decimal separator and no grouping. */
  numberText(value: number): string;
  /** The wall-clock time of an instant in the time zone, as a Date whose UTC fields hold it (what a spreadsheet stores). */
  wallClock(at: string): Date;
}

/** The .xlsx day format of a locale, from how Intl writes 5 January 2025 with two-digit day and month (order, separators). */
function dateFormatOf(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(
    Date.UTC(2025, 0, 5),
  );
  return parts
    .map((part) => {
      if (part.type === 'day') return part.value.length === 2 ? 'dd' : 'd';
      if (part.type === 'month') return part.value.length === 2 ? 'mm' : 'm';
      if (part.type === 'year') return 'yyyy';
      // Separators as they are when Excel takes them literally, anything else quoted.
      return /^[./\- ]*$/.test(part.value) ? part.value : `"${part.value.replace(/"/g, '')}"`;
    })
    .join('');
}

/** Whether the locale writes hours 1–12 with AM/PM. */
function usesTwelveHours(locale: string): boolean {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
}

/** A currency Intl knows, else null (an ERP's own code is written after the number). */
function currencyFormatter(locale: string, currency: string, grouping: boolean): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, useGrouping: grouping });
  } catch {
    return null;
  }
}

/** The locale the client asked for when Intl knows it, else en-US. */
function supportedLocale(locale: string | undefined): string {
  if (locale === undefined || locale === '') return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-US';
  } catch {
    return 'en-US';
  }
}

/** The time zone the client asked for when Intl knows it, else UTC. */
function supportedTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined || timeZone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** How `locale` (a BCP 47 tag, en-US when missing or unknown) writes an export's numbers and dates, instants in `timeZone`. */
export function spreadsheetLocale(requested: string | undefined, requestedTimeZone?: string): SpreadsheetLocale {
  const locale = supportedLocale(requested);
  const timeZone = supportedTimeZone(requestedTimeZone);
  const decimalSeparator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const dateFormat = dateFormatOf(locale);
  const dayFormatter = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const dateTimeFormatter = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  const wallClockParts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZone,
  });
  const plainNumber = (value: number, digits: number): string => value.toFixed(digits).replace('.', decimalSeparator);
  return {
    locale,
    timeZone,
    dateFormat,
    dateTimeFormat: `${dateFormat} ${usesTwelveHours(locale) ? 'h:mm AM/PM' : 'hh:mm'}`,
    decimalSeparator,
    listSeparator: decimalSeparator === ',' ? ';' : ',',
    amountFormat: (currency) => {
      const formatter = currency === null ? null : currencyFormatter(locale, currency, true);
      if (formatter === null) return currency === null ? '#,##0.00' : `#,##0.00 "${currency.replace(/"/g, '')}"`;
      const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
      const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
      const parts = formatter.formatToParts(1234.5);
      const symbolAt = parts.findIndex((part) => part.type === 'currency');
      const integerAt = parts.findIndex((part) => part.type === 'integer');
      const symbol = `"${(parts[symbolAt]?.value ?? currency ?? '').replace(/"/g, '')}"`;
      const spaced = parts.some((part) => part.type === 'literal' && /[\s\u00a0\u202f]/.test(part.value));
      const gap = spaced ? ' ' : '';
      return symbolAt < integerAt ? `${symbol}${gap}${number}` : `${number}${gap}${symbol}`;
    },
    amountText: (value, currency) => {
      const formatter = currency === null ? null : currencyFormatter(locale, currency, false);
      if (formatter !== null) return formatter.format(value).replace(INTL_SPACES, ' ');
      const text = plainNumber(value, 2);
      return currency === null ? text : `${text} ${currency}`;
    },
    dayText: (day) => dayFormatter.format(Date.parse(`${day.slice(0, 10)}T00:00:00.000Z`)),
    // "22.11.2025 11:05": the comma some locales put between day and time would read as a separator.
    dateTimeText: (at) => dateTimeFormatter.format(Date.parse(at)).replace(INTL_SPACES, ' ').replace(', ', ' '),
    numberText: (value) => (Number.isInteger(value) ? String(value) : String(value).replace('.', decimalSeparator)),
    wallClock: (at) => {
      const parts = Object.fromEntries(wallClockParts.formatToParts(Date.parse(at)).map((part) => [part.type, part.value]));
      return new Date(
        Date.UTC(
          Number(parts.year),
          Number(parts.month) - 1,
          Number(parts.day),
          Number(parts.hour),
          Number(parts.minute),
          Number(parts.second),
        ),
      );
    },
  };
}
