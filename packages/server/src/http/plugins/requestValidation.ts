import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Bodies are JSON: a wrong type is the client's mistake, never coerced ("5" stays a string), and
 * an unknown field is refused rather than dropped, so a typo never silently does nothing.
 */
const bodyAjv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });
/** Query strings and path parameters are text on the wire: numbers and flags are coerced. */
const textAjv = new Ajv({ allErrors: false, coerceTypes: 'array', removeAdditional: false, useDefaults: true, strict: false });

/** `/docId/0` → `docId[0]`; the empty path is the body itself. */
function fieldPathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** One Ajv error as a sentence naming the field (the answer's `message`). */
export function validationMessageOf(error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'message'> & { params: Record<string, unknown> }, part: string): string {
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
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const part = dataVar === 'body' ? 'body' : dataVar === 'querystring' ? 'query' : dataVar;
    return new Error(errors.length === 0 ? `The ${part} is not valid.` : validationMessageOf(errors[0], part));
  });
}
