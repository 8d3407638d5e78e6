import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { PATH_PARAMETERS, QUERY_PARAMETERS } from '@datahaven/core/contract';
import { invalidQueueTypeId, messageFunctionsFor } from '@datahaven/core/rules';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { badRequest } from '../HttpError';

/**
 * The contract's own refusals that are spec texts with a value in them (contract/ may not import
 * rules, so it writes the English with `{value}`), by the text function that words them in the
 * caller's language: the refusal then answers as the handler's own would.
 */
const SPEC_REFUSALS: ReadonlyMap<string, (language: string, value: string) => string> = new Map([
  [invalidQueueTypeId('{value}'), (language: string, value: string) => messageFunctionsFor(language).invalidQueueTypeId(value)],
]);

/**
 * Bodies are JSON: a wrong type is the client's mistake, never coerced ("5" stays a string), and
 * an unknown field is refused rather than dropped, so a typo never silently does nothing.
 */
const bodyAjv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });
/** Query strings and path parameters are text on the wire: numbers and flags are coerced. */
const textAjv = new Ajv({
  allErrors: false,
  coerceTypes: 'array',
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  verbose: true,
});

/** `/docId/0` → `docId[0]`; the empty path is the body itself. */
function fieldPathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** One Ajv error as a sentence naming the field (the answer's `message`). */
export function validationMessageOf(
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'message'> & {
    params: Record<string, unknown>;
    parentSchema?: unknown;
    data?: unknown;
  },
  part: string,
): string {
  // A parameter whose refusal has words of its own (the contract's `errorMessage`: the spec's or
  // the ones clients already know), with the refused value where `{value}` stands.
  const own = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof own === 'string') return own.replace('{value}', String(error.data));
  const at = fieldPathOf(error.instancePath);
  const field = (name: string): string => (at === '' ? name : `${at}.${name}`);
  if (error.keyword === 'additionalProperties') {
    return `Unknown field '${field(String(error.params.additionalProperty))}' in the ${part}.`;
  }
  if (error.keyword === 'required') return `The field '${field(String(error.params.missingProperty))}' is required in the ${part}.`;
  if (at === '') return `The ${part} ${error.message ?? 'is not valid'}.`;
  return `The field '${at}' ${error.message ?? 'is not valid'}.`;
}

/**
 * Validation of /api requests by the route schemas of the contract (`@datahaven/core/contract`):
 * a failure answers 400 ValidationError naming the field (http/plugins/errorHandler).
 */
export function registerRequestValidation(app: FastifyInstance): void {
  // Every /api route with path parameters gets its schema from the contract; a route missing there
  // does not start, so no id reaches a handler unchecked. Registered before the OpenAPI
  // recorder's hook, which then lists the parameters.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = route.schema ?? {};
    const querystring = schema.querystring ?? QUERY_PARAMETERS[route.url];
    if (querystring !== undefined) route.schema = { ...route.schema, querystring };
    if (!route.url.includes(':') || schema.params !== undefined) return;
    const params = PATH_PARAMETERS[route.url];
    if (params === undefined) throw new Error(`The route ${route.url} has path parameters but no entry in the contract's PATH_PARAMETERS.`);
    route.schema = { ...route.schema, params };
  });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const part = dataVar === 'body' ? 'body' : dataVar === 'querystring' ? 'query' : dataVar;
    if (errors.length === 0) return new Error(`The ${part} is not valid.`);
    // textAjv is verbose: its errors carry the schema and the refused value.
    const first: Record<string, unknown> = { ...errors[0] };
    const own = (first.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
    const spec = typeof own === 'string' ? SPEC_REFUSALS.get(own) : undefined;
    const value = String(first.data);
    return spec === undefined ? new Error(validationMessageOf(errors[0], part)) : badRequest((language) => spec(language, value));
  });
}
