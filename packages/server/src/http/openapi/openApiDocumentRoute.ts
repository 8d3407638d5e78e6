import { OpenApiDocumentAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openApiDocument';
import type { OpenApiRoutes } from './OpenApiRoutes';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, with the request body
 * schemas of `@datahaven/core/contract`, for the product `version`. Built once, on the first call,
 * when every route is known.
 */
export function registerOpenApiDocumentRoute(app: FastifyInstance, routes: OpenApiRoutes, version: string): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/openapi.json', { schema: { response: okAnswer(OpenApiDocumentAnswer) } }, async () => {
    document ??= openApiDocument(routes.routes, version);
    return document;
  });
}
