import { badRequest } from '../HttpError';
import { queryString } from '../requestHelpers';
import type { RawQuery } from '../requestHelpers';
import { spreadsheetLocale } from './spreadsheetLocale';
import type { SpreadsheetLocale } from './spreadsheetLocale';
import type { SpreadsheetFormat } from './writeSpreadsheet';

/** Most columns one export may name. */
const MAX_COLUMNS = 60;

/** An export request's format, locale and columns (keys the list knows, in the asked order). */
export interface SpreadsheetQuery {
  format: SpreadsheetFormat;
  locale: SpreadsheetLocale;
  columns: string[];
}

/**
 * `format` (xlsx | csv, default xlsx), `locale` (BCP 47, default en-US), `timeZone` (IANA,
 * default UTC) and `columns` (comma-separated keys, each one of `known`; missing or empty: all
 * `defaults`) of an export; an unknown format or column → 400 naming what is allowed.
 */
export function parseSpreadsheetQuery(query: RawQuery, known: readonly string[], defaults: readonly string[] = known): SpreadsheetQuery {
  const format = queryString(query, 'format') ?? 'xlsx';
  if (format !== 'xlsx' && format !== 'csv') throw badRequest("format must be 'xlsx' or 'csv'.");
  const locale = queryString(query, 'locale');
  if (locale !== undefined && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale))
    throw badRequest('locale must be a language tag such as de-DE.');
  const raw = queryString(query, 'columns') ?? '';
  const columns = raw === '' ? [...defaults] : raw.split(',').map((key) => key.trim());
  if (columns.length > MAX_COLUMNS) throw badRequest(`An export has at most ${MAX_COLUMNS} columns.`);
  const unknown = columns.find((key) => !known.includes(key));
  if (unknown !== undefined) throw badRequest(`The list has no column '${unknown}'. Its columns are: ${known.join(', ')}.`);
  if (new Set(columns).size !== columns.length) throw badRequest('Name each column once.');
  return { format, locale: spreadsheetLocale(locale, queryString(query, 'timeZone')), columns };
}
