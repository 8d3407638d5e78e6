import type { RegisteredApiRoute } from './OpenApiRoutes';

/** An OpenAPI 3.1 document (the parts this server writes). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: Record<string, unknown>;
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One operation of the document. */
export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: unknown }[];
  requestBody?: { required: true; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

/** The error body every /api failure answers (http/HttpError ErrorBody). */
const ERROR_BODY = {
  type: 'object',
  required: ['statusCode', 'exceptionType', 'message'],
  properties: { statusCode: { type: 'integer' }, exceptionType: { type: 'string' }, message: { type: 'string' } },
};

/** `/api/documents/:id` → `/api/documents/{id}` and its path parameter names. */
function openApiPathOf(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** `PUT /api/documents/{id}` → `put_api_documents_id`. */
function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');
}

/** Bodies sent as a multipart form (uploads) rather than JSON. */
const MULTIPART_ROUTES = new Set(['POST /api/documents', 'POST /api/queues/:id/documents']);

/** Routes that answer a spreadsheet (issue 40 item 7): .xlsx or CSV as `format` asks, streamed. */
const SPREADSHEET_ROUTES = new Set([
  'GET /api/queues/:id/documents/export',
  'GET /api/documents/search/export',
  'GET /api/documents/:id/history/export',
]);

/** The 200 answer of a spreadsheet route: the file, in the format asked for. */
const SPREADSHEET_ANSWER = {
  description: 'The list as a file (attachment; Content-Disposition names it), streamed as its rows are read.',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', contentMediaType: 'application/zip' },
    },
    'text/csv': { schema: { type: 'string' } },
  },
};

/**
 * The OpenAPI 3.1 document of /api from the registered routes: every route, its path parameters
 * and, where the contract has one, its JSON body schema (TypeBox schemas are JSON Schema, so they
 * go in as they are; JSON.stringify drops TypeBox's symbol keys).
 */
export function openApiDocument(routes: readonly RegisteredApiRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const { path, params } = openApiPathOf(route.url);
    const method = route.method.toLowerCase();
    const operation: OpenApiOperation = {
      operationId: operationIdOf(method, path),
      responses: {
        '200': { description: 'Success (201 for a creation, 204 when nothing is answered).' },
        '4XX': {
          description: 'Refused: 400 ValidationError (naming the field), 401, 403, 404, 409, 413, 415.',
          content: { 'application/json': { schema: ERROR_BODY } },
        },
      },
    };
    const paramSchemas = (route.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    if (route.ok !== undefined) {
      const status = route.okStatus ?? '200';
      if (status !== '200') delete operation.responses['200'];
      operation.responses[status] = {
        description: status === '201' ? 'Created.' : 'Success.',
        content: { 'application/json': { schema: route.ok } },
      };
    }
    if (SPREADSHEET_ROUTES.has(`${route.method} ${route.url}`)) operation.responses['200'] = SPREADSHEET_ANSWER;
    if (params.length > 0)
      operation.parameters = params.map((name) => ({ name, in: 'path', required: true, schema: paramSchemas[name] ?? { type: 'string' } }));
    const query = route.query as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      (operation.parameters ??= []).push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema });
    }
    if (route.body !== undefined) operation.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    else if (MULTIPART_ROUTES.has(`${route.method} ${route.url}`)) {
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    }
    paths[path] = { ...(paths[path] ?? {}), [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Datahaven Documents web services',
      version,
      description:
        'The /api web services (docs/API.md). Request bodies are checked by these schemas: a wrong type or an unknown field answers 400 naming the field.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The two-part token of GET /api/token/user.' } },
    },
    security: [{ bearer: [] }],
    paths: JSON.parse(JSON.stringify(paths)) as OpenApiDocument['paths'],
  };
}
