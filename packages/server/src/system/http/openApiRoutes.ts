import { OpenApiDocumentAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../http/openapi/openApiDocument';
import type { OpenApiRoutes } from '../../http/openapi/OpenApiRoutes';
import { PRODUCT_VERSION } from './versionRoutes';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, with the request body
 * schemas of `@datahaven/core/contract`. Built once, on the first call, when every route is known.
 */
export function registerOpenApiRoutes(app: FastifyInstance, routes: OpenApiRoutes): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/openapi.json', { schema: { response: okAnswer(OpenApiDocumentAnswer) } }, async () => {
    document ??= openApiDocument(routes.routes, PRODUCT_VERSION);
    return document;
  });
}
