import { Type } from '@sinclair/typebox';
import type { TObject } from '@sinclair/typebox';

/**
 * A path parameter that must be a positive integer written in decimal. It stays text (path
 * parameters are text on the wire); the pattern bounds it to 15 digits so `Number` is exact.
 * `errorMessage` is the 400's message when the pattern refuses it (http/plugins/requestValidation
 * puts the refused value where `{value}` stands).
 */
function positiveInteger(errorMessage: string, digits = 15) {
  return Type.String({ pattern: `^[1-9]\\d{0,${digits - 1}}$`, errorMessage, description: 'A positive integer.', examples: ['1'] });
}

/** The parameters object of a path: every parameter named, none other. */
function params<T extends Parameters<typeof Type.Object>[0]>(properties: T) {
  return Type.Object(properties, { additionalProperties: false });
}

/** A document id in a path (SECURITY row 8): the message existing clients and tests know. */
const documentId = positiveInteger('Document ids are positive integers.');
const documentIdParams = params({ id: documentId });
const queueIdParams = params({ id: positiveInteger('Queue ids are positive integers.') });
/**
 * A queue type id: the portal's own refusal (portal §5, with its missing space and double space;
 * the same words as rules' invalidQueueTypeId, which contract/ may not import), naming the value.
 */
const queueTypeIdParams = params({ id: positiveInteger("'{value}'is not a valid Queue Type ID.  Refusing to load its queues.") });
const sitIdParams = params({ id: positiveInteger('id must be a positive integer.') });

/**
 * The path parameters of every /api route that has some, keyed by Fastify's URL. The server gives
 * each route its entry as the `params` schema (a route with a `:name` and no entry does not start),
 * so a wrong-typed id answers 400 naming the value's rule before the handler runs, and
 * `GET /api/openapi.json` lists them as parameters.
 */
export const PATH_PARAMETERS: Readonly<Record<string, TObject>> = {
  '/api/documents/:id': documentIdParams,
  '/api/documents/:id/access': documentIdParams,
  '/api/documents/:id/annotations': documentIdParams,
  '/api/documents/:id/approvals': documentIdParams,
  '/api/documents/:id/custom-categories': documentIdParams,
  '/api/documents/:id/custom-categories/:categoryId': params({
    id: documentId,
    categoryId: positiveInteger('categoryId must be a positive integer.'),
  }),
  '/api/documents/:id/data': documentIdParams,
  '/api/documents/:id/capture': documentIdParams,
  '/api/documents/:id/duplicates': documentIdParams,
  '/api/documents/:id/data/base64': documentIdParams,
  '/api/documents/:id/data/base64/thumbnails': documentIdParams,
  '/api/documents/:id/erp-status': documentIdParams,
  '/api/documents/:id/link': documentIdParams,
  '/api/documents/:id/push-link': documentIdParams,
  '/api/documents/:id/new-card': documentIdParams,
  '/api/documents/:id/locks': documentIdParams,
  '/api/documents/:id/notes': documentIdParams,
  '/api/documents/:id/pages/:page/thumbnail': params({ id: documentId, page: positiveInteger('Pages are numbered from 1.', 6) }),
  '/api/documents/:id/readonly': documentIdParams,
  '/api/documents/:id/rejection': documentIdParams,
  '/api/documents/:id/routes': documentIdParams,
  '/api/documents/:id/split': documentIdParams,
  '/api/documents/:id/subtype': documentIdParams,
  '/api/documents/:id/view': documentIdParams,
  '/api/document/:id/custom': documentIdParams,
  '/api/v2/documents/:id/approvals/:step': params({ id: documentId, step: positiveInteger('The step must be a positive integer.') }),
  '/api/documents/type/:id/subtypes': sitIdParams,
  '/api/sits/:id/subtypes': sitIdParams,
  '/api/integrated-tables/:sitId/subtypes/:id': params({
    sitId: positiveInteger('sitId must be a positive integer.'),
    id: positiveInteger('id must be a positive integer.'),
  }),
  '/api/annotations/:id': params({
    id: Type.String({
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      errorMessage: 'Annotation ids are UUIDs.',
      description: 'A UUID.',
      examples: ['00000000-0000-4000-8000-000000000001'],
    }),
  }),
  '/api/keys/:id': params({ id: positiveInteger('The key id must be a positive integer.', 16) }),
  '/api/options/:name': params({
    name: Type.String({ description: 'An option name; an unknown one answers 404.', examples: ['IdleTimeout'] }),
  }),
  '/api/queue-types/:id/queues': queueTypeIdParams,
  '/api/queue-types/:id/workflow': queueTypeIdParams,
  '/api/workflow-structure/:id': queueTypeIdParams,
  '/api/workflow-structure/:id/queue': documentIdParams,
  '/api/queues/:id': queueIdParams,
  '/api/queues/:id/link-to-approval': queueIdParams,
  '/api/queues/:id/documents': queueIdParams,
  '/api/queues/:id/workflow': queueIdParams,
  '/api/queues/:id/send-for-approval': queueIdParams,
  '/api/workflow/queues/:id/routes/approval': params({ id: positiveInteger('The queue id must be a positive integer.') }),
  '/api/users/:id/entra-identity': params({ id: positiveInteger('User ids are positive integers.') }),
  '/api/documents/:id/history/verify': documentIdParams,
  '/api/documents/:id/history/export': documentIdParams,
  '/api/queues/:id/documents/export': queueIdParams,
  '/api/documents/:id/evidence': documentIdParams,
};
