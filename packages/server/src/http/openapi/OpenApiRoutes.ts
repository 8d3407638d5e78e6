import type { FastifyInstance, RouteOptions } from 'fastify';

/** One /api route as registered: what the OpenAPI document describes. */
export interface RegisteredApiRoute {
  method: string;
  /** Fastify's URL, e.g. `/api/documents/:id`. */
  url: string;
  /** The route's JSON Schema of the body, when it has one (from `@datahaven/core/contract`). */
  body?: unknown;
  /** The JSON Schema of its path parameters (an object schema, contract PATH_PARAMETERS). */
  params?: unknown;
  /** The JSON Schema of its success answer (200 or 201), when the contract has one (what the serialiser writes). */
  ok?: unknown;
  /** The status of that answer: 201 for a creating route. */
  okStatus?: '200' | '201';
  /** The JSON Schema of its query string, when the contract has one (contract QUERY_PARAMETERS). */
  query?: unknown;
}

/** The 200 (or, for a creation, 201) answer schema of a route's `schema.response`. */
function successAnswerOf(response: Record<string, unknown> | undefined): Pick<RegisteredApiRoute, 'ok' | 'okStatus'> {
  for (const status of ['200', '201'] as const) {
    if (response?.[status] !== undefined) return { ok: response[status], okStatus: status };
  }
  return {};
}

/**
 * Records every /api route as Fastify registers it, so `GET /api/openapi.json` lists exactly the
 * routes the server answers (none can be forgotten). Call before the /api routes are registered.
 */
export class OpenApiRoutes {
  readonly routes: RegisteredApiRoute[] = [];

  /** Starts recording on `app` (an onRoute hook; child plugins inherit it). */
  listen(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') && route.url !== '/api') return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema as
        | { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> }
        | undefined;
      for (const method of methods) {
        // Fastify adds a HEAD route beside every GET; the GET describes it.
        if (method === 'HEAD') continue;
        this.routes.push({
          method,
          url: route.url,
          ...(schema?.body === undefined ? {} : { body: schema.body }),
          ...(schema?.params === undefined ? {} : { params: schema.params }),
          ...(schema?.querystring === undefined ? {} : { query: schema.querystring }),
          ...successAnswerOf(schema?.response),
        });
      }
    });
  }
}
