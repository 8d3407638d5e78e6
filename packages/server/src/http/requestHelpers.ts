import type { FastifyRequest } from 'fastify';
import { badRequest } from './HttpError';

/** The querystring as Fastify parsed it: values are strings or string arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** The parsed querystring of a request. */
export function queryOf(request: FastifyRequest): RawQuery {
  return (request.query ?? {}) as RawQuery;
}

/** A single query value (the last one when repeated), or undefined when absent or empty. */
export function queryString(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  return text === undefined || text === '' ? undefined : text;
}

/** All values of a repeated query parameter, accepting both `name[]=` and `name=`. */
export function queryList(query: RawQuery, name: string): string[] {
  const values: string[] = [];
  for (const key of [`${name}[]`, name]) {
    const value = query[key];
    if (Array.isArray(value)) values.push(...value);
    else if (typeof value === 'string') values.push(value);
  }
  return values;
}

/** A boolean query flag: 'true' / '1' is true; absent is `fallback`. */
export function queryFlag(query: RawQuery, name: string, fallback = false): boolean {
  const text = queryString(query, name);
  if (text === undefined) return fallback;
  return text === 'true' || text === '1';
}

/** An optional integer query value; anything non-integer → 400. */
export function queryInteger(query: RawQuery, name: string): number | undefined {
  const text = queryString(query, name);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) throw badRequest(`The parameter ${name} must be an integer.`);
  return Number(text);
}

/** A document id from a path or query: a positive integer, anything else → 400 (SECURITY row 8). */
export function parseDocumentId(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,14}$/.test(raw)) throw badRequest('Document ids are positive integers.');
  return Number(raw);
}

/** The document ids of a request's `docId[]` (or of the parameters `names`, each read with and without `[]`), each a positive integer; at most 500. */
export function parseDocumentIdList(query: RawQuery, names: readonly string[] = ['docId']): number[] {
  const raw = names.flatMap((name) => queryList(query, name));
  if (raw.length > 500) throw badRequest('At most 500 document ids per request.');
  return [...new Set(raw.map(parseDocumentId))];
}

/**
 * A positive-integer path parameter, already checked by the route's `params` schema (contract
 * PATH_PARAMETERS; http/plugins/requestValidation gives every /api route with parameters its
 * schema, and answers a wrong value 400 with the contract's message before the handler runs).
 */
export function integerParam(request: FastifyRequest, name: string): number {
  const raw = ((request.params ?? {}) as Record<string, string | undefined>)[name];
  const value = Number(raw);
  // Unreachable behind the schema; kept so a reader misused on a text parameter fails loudly.
  if (!Number.isSafeInteger(value) || value < 1) throw badRequest(`The parameter ${name} must be a positive integer.`);
  return value;
}

/** The `id` path parameter of a document route (checked by its schema: "Document ids are positive integers."). */
export function documentIdParam(request: FastifyRequest): number {
  return integerParam(request, 'id');
}
