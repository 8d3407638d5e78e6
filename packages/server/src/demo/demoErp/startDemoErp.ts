import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { isLoopbackRequest } from '../isLoopbackRequest';
import { MISDIRECTED_HOST_MESSAGE, isAllowedHost, loopbackHosts } from '../../http/plugins/hostAllowList';
import { DemoErpRefusal, DemoErpStore, type DemoErpRecord } from './DemoErpStore';
import type { DemoErpFaults } from './DemoErpFaults';
import {
  DEMO_ERP_COMPANY_TYPE,
  DEMO_ERP_ENTITY_TYPES,
  isDemoErpSetName,
  type DemoErpEntityType,
  type DemoErpSetName,
} from './demoErpEntityTypes';
import { demoErpMetadataXml } from './demoErpMetadata';
import { demoErpWebClientPage } from './demoErpWebClientPage';
import { demoPageLanguage } from '../demoPageLanguage';
import { DEMO_ERP_EXTENSION_ROOT, answerDemoErpExtension } from './demoErpExtensionApi';
import { ODataFilterError, matchesODataFilter, parseODataFilter } from './parseODataFilter';

/** How the demo ERP is started. */
export interface DemoErpOptions {
  /** 127.0.0.1 unless a test says otherwise; the demo ERP never listens beyond the machine. */
  host?: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** The OAuth client the product authenticates as (client-credentials grant). */
  clientId: string;
  clientSecret: string;
  /** Lifetime of an access token; one hour, as Entra ID issues them. */
  tokenLifetimeSeconds?: number;
  /** Server-driven page size (the most records one answer carries before `@odata.nextLink`). */
  maxPageSize?: number;
  /** Planned faults (tests only); without it the service always answers. */
  faults?: DemoErpFaults;
  /** The state to serve; a freshly seeded one by default. */
  store?: DemoErpStore;
  /**
   * For a fresh store: the setup switch "Require Approval to Post" (manifests/bc), on unless said
   * otherwise — the demo shows that an invoice not approved in Datahaven is not posted.
   */
  approvalRequiredToPost?: boolean;
}

/** What the demo ERP counts, so tests can tell a cached answer from a fetched one. */
export interface DemoErpStats {
  tokensIssued: number;
  metadataRequests: number;
  apiRequests: number;
}

/** A running demo ERP. */
export interface DemoErpService {
  /** http://127.0.0.1:{port} */
  baseUrl: string;
  /** The API root, `{baseUrl}/api/v2.0`, as BC's `…/api/v2.0`. */
  apiUrl: string;
  /** The OAuth 2.0 token endpoint, `{baseUrl}/oauth2/token`. */
  tokenUrl: string;
  port: number;
  store: DemoErpStore;
  stats: DemoErpStats;
  /** Forgets every issued token, as a revoked app registration would: the next call with one answers 401. */
  revokeTokens(): void;
  close(): Promise<void>;
}

/** BC's answer when a client asks for more than one page's worth. */
const DEFAULT_MAX_PAGE_SIZE = 50;

interface ODataErrorReply {
  statusCode: number;
  code: string;
  message: string;
}

function odataError(reply: FastifyReply, error: ODataErrorReply): FastifyReply {
  return reply
    .status(error.statusCode)
    .type('application/json; charset=utf-8')
    .send({ error: { code: error.code, message: error.message } });
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** One path segment: `name` or `name(key)`; keys are bare GUIDs or quoted text, as BC writes them. */
function parseSegment(segment: string): { name: string; key: string | null } | null {
  const match = /^([A-Za-z][A-Za-z0-9.]*)(?:\((?:'([^']*)'|([0-9A-Fa-f-]{36})|id=([0-9A-Fa-f-]{36}))\))?$/.exec(segment);
  if (match === null) return null;
  return { name: match[1], key: match[2] ?? match[3] ?? match[4] ?? null };
}

/**
 * Starts the demo ERP: a Business Central stand-in on its own port, speaking OData v4 like BC's
 * API v2.0 (companies, vendors, purchase documents, $metadata, $filter/$select/$top/$skip/
 * $orderby, server paging with `@odata.nextLink`, ETags with If-Match, create and the bound
 * action `Microsoft.NAV.post`, refused for an invoice not approved in Datahaven while the setup
 * switch is on) and, beside it, the product's extension API (`/api/datahaven/documents/v1.0`:
 * purchase invoices' approval status), behind an OAuth 2.0 client-credentials token endpoint. It answers
 * loopback clients only. The product reaches it over HTTP through erp/, never by import.
 */
export async function startDemoErp(options: DemoErpOptions): Promise<DemoErpService> {
  const store = options.store ?? new DemoErpStore(undefined, { approvalRequiredToPost: options.approvalRequiredToPost });
  const faults = options.faults;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const maxPageSize = options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
  const tokens = new Map<string, number>();
  const stats: DemoErpStats = { tokensIssued: 0, metadataRequests: 0, apiRequests: 0 };
  // A held (hung) request is released only by closing its connection, which close() forces.
  const app = Fastify({ logger: false, forceCloseConnections: true });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (request, reply) => {
    // A loopback peer behind a rebound DNS name (a web page's own host name) is not this machine's user.
    const address = app.server.address();
    const ports = address !== null && typeof address !== 'string' ? [address.port] : [];
    if (!isAllowedHost(request.headers.host, new Set(ports.flatMap(loopbackHosts))))
      return odataError(reply, { statusCode: 421, code: 'MisdirectedRequest', message: MISDIRECTED_HOST_MESSAGE });
    if (isLoopbackRequest(request)) return;
    return odataError(reply, { statusCode: 403, code: 'Forbidden', message: 'The demo ERP answers only on this machine (loopback).' });
  });

  // The web client a record URL opens (GET /api/entities/url) where the ERP page does not open the record itself.
  app.get<{ Querystring: Record<string, string | undefined> }>('/', async (request, reply) => {
    const language = demoPageLanguage(request);
    const { status, html } = demoErpWebClientPage(store, request.query, language);
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('Content-Language', language)
      .header('Content-Security-Policy', "default-src 'none'")
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post('/oauth2/token', async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    let clientId = typeof form.client_id === 'string' ? form.client_id : '';
    let clientSecret = typeof form.client_secret === 'string' ? form.client_secret : '';
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic !== null) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (form.grant_type !== 'client_credentials') {
      return reply
        .status(400)
        .header('Cache-Control', 'no-store')
        .send({ error: 'unsupported_grant_type', error_description: 'Only the client_credentials grant is supported.' });
    }
    if (!sameSecret(clientId, options.clientId) || !sameSecret(clientSecret, options.clientSecret)) {
      return reply
        .status(401)
        .header('Cache-Control', 'no-store')
        .send({ error: 'invalid_client', error_description: 'The client id or secret is wrong.' });
    }
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, Date.now() + tokenLifetimeSeconds * 1000);
    stats.tokensIssued++;
    return reply
      .header('Cache-Control', 'no-store')
      .send({ token_type: 'Bearer', expires_in: tokenLifetimeSeconds, ext_expires_in: tokenLifetimeSeconds, access_token: token });
  });

  const api = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
    const expiresAt = bearer === null ? undefined : tokens.get(bearer[1]);
    if (bearer === null || expiresAt === undefined || expiresAt <= Date.now()) {
      if (bearer !== null) tokens.delete(bearer[1]);
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return odataError(reply, {
        statusCode: 401,
        code: 'Authentication_InvalidCredentials',
        message: 'The server has rejected the client credentials.',
      });
    }
    stats.apiRequests++;
    const fault = faults?.take(request.url);
    if (fault?.kind === 'hang') return new Promise<FastifyReply>(() => undefined);
    if (fault?.kind === 'hold') await fault.until;
    if (fault?.kind === 'status') {
      if (fault.retryAfter !== null) reply.header('Retry-After', fault.retryAfter);
      return odataError(
        reply,
        fault.status === 429
          ? { statusCode: 429, code: 'Application_TooManyRequests', message: 'Too many requests reached. Please try again later.' }
          : { statusCode: 503, code: 'Application_ServiceUnavailable', message: 'The service is temporarily unavailable.' },
      );
    }
    try {
      return await answer(request, reply);
    } catch (error) {
      if (error instanceof DemoErpRefusal)
        return odataError(reply, { statusCode: error.statusCode, code: codeOf(error.statusCode), message: error.message });
      if (error instanceof ODataFilterError) return odataError(reply, { statusCode: 400, code: 'BadRequest', message: error.message });
      throw error;
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // The product's extension API (manifests/bc's API page), served beside v2.0 as BC serves custom APIs.
    if (request.url.startsWith(DEMO_ERP_EXTENSION_ROOT)) return answerDemoErpExtension(store, request, reply);
    const [rawPath, rawQuery = ''] = request.url.split('?', 2);
    const apiUrl = `http://${request.headers.host ?? `127.0.0.1:${port()}`}/api/v2.0`;
    const path = rawPath.replace(/^\/api\/v2\.0\/?/, '');
    const segments = path === '' ? [] : path.split('/').map((segment) => decodeURIComponent(segment));
    const query = new URLSearchParams(rawQuery);
    const notFound = (): FastifyReply =>
      odataError(reply, { statusCode: 404, code: 'BadRequest_NotFound', message: `No resource was found at '${rawPath}'.` });

    if (segments.length === 0) {
      if (request.method !== 'GET') return notFound();
      const value = [DEMO_ERP_COMPANY_TYPE, ...Object.values(DEMO_ERP_ENTITY_TYPES)].map((type) => ({
        name: type.setName,
        kind: 'EntitySet',
        url: type.setName,
      }));
      return reply.send({ '@odata.context': `${apiUrl}/$metadata`, value });
    }
    if (segments.length === 1 && segments[0] === '$metadata') {
      stats.metadataRequests++;
      return reply.type('application/xml; charset=utf-8').send(demoErpMetadataXml());
    }
    const first = parseSegment(segments[0]);
    if (first === null || first.name !== 'companies') return notFound();
    if (first.key === null) {
      if (segments.length > 1 || request.method !== 'GET') return notFound();
      return sendCollection(
        reply,
        maxPageSize,
        query,
        rawPath,
        apiUrl,
        DEMO_ERP_COMPANY_TYPE,
        store.listCompanies().map((record) => ({ record, etag: null })),
        `${apiUrl}/$metadata#companies`,
      );
    }
    const companyId = first.key;
    const company = store.listCompanies().find((c) => c.id === companyId);
    if (company === undefined)
      return odataError(reply, { statusCode: 404, code: 'BadRequest_NotFound', message: `The company '${companyId}' does not exist.` });
    if (segments.length === 1) {
      if (request.method !== 'GET') return notFound();
      return reply.send({ '@odata.context': `${apiUrl}/$metadata#companies/$entity`, ...selectOf(company, query, DEMO_ERP_COMPANY_TYPE) });
    }
    const second = parseSegment(segments[1]);
    if (second === null || !isDemoErpSetName(second.name) || segments.length > 3) return notFound();
    const set: DemoErpSetName = second.name;
    const type = DEMO_ERP_ENTITY_TYPES[set];
    const context = `${apiUrl}/$metadata#companies(${companyId})/${set}`;
    const all = store.list(companyId, set) ?? [];
    if (second.key === null) {
      if (segments.length > 2) return notFound();
      if (request.method === 'POST' && set === 'purchaseInvoices') {
        const created = store.createPurchaseInvoice(companyId, bodyOf(request));
        return reply
          .status(201)
          .header('ETag', created.etag)
          .header('Location', `${apiUrl}/companies(${companyId})/purchaseInvoices(${String(created.record.id)})`)
          .send({ '@odata.context': `${context}/$entity`, '@odata.etag': created.etag, ...created.record });
      }
      if (request.method !== 'GET')
        return odataError(reply, {
          statusCode: 405,
          code: 'BadRequest_MethodNotAllowed',
          message: `${request.method} is not allowed on '${set}'.`,
        });
      return sendCollection(reply, maxPageSize, query, rawPath, apiUrl, type, all, context);
    }
    const key = second.key;
    const entry = all.find((candidate) => candidate.record.id === key);
    if (entry === undefined)
      return odataError(reply, { statusCode: 404, code: 'BadRequest_NotFound', message: `The ${type.typeName} '${key}' does not exist.` });
    if (segments.length === 2) {
      if (request.method === 'PATCH') {
        const ifMatch = request.headers['if-match'];
        const changed = store.patch(companyId, set, key, typeof ifMatch === 'string' ? ifMatch : undefined, bodyOf(request));
        return reply
          .header('ETag', changed.etag)
          .send({ '@odata.context': `${context}/$entity`, '@odata.etag': changed.etag, ...changed.record });
      }
      if (request.method !== 'GET')
        return odataError(reply, {
          statusCode: 405,
          code: 'BadRequest_MethodNotAllowed',
          message: `${request.method} is not allowed on one ${type.typeName}.`,
        });
      return reply
        .header('ETag', entry.etag)
        .send({ '@odata.context': `${context}/$entity`, '@odata.etag': entry.etag, ...selectOf(entry.record, query, type) });
    }
    const third = segments[2];
    if (third === 'Microsoft.NAV.post' && set === 'purchaseInvoices') {
      if (request.method !== 'POST')
        return odataError(reply, {
          statusCode: 405,
          code: 'BadRequest_MethodNotAllowed',
          message: 'Microsoft.NAV.post is an action: call it with POST.',
        });
      store.postPurchaseInvoice(companyId, key);
      return reply.status(204).send();
    }
    const navigation = type.navigations.find((candidate) => candidate.name === third);
    if (navigation === undefined || request.method !== 'GET') return notFound();
    const targetType = DEMO_ERP_ENTITY_TYPES[navigation.targetSet];
    const related = (store.list(companyId, navigation.targetSet) ?? []).filter(
      (candidate) =>
        entry.record[navigation.fromProperty] !== null && candidate.record[navigation.toProperty] === entry.record[navigation.fromProperty],
    );
    if (navigation.collection)
      return sendCollection(
        reply,
        maxPageSize,
        query,
        rawPath,
        apiUrl,
        targetType,
        related,
        `${apiUrl}/$metadata#companies(${companyId})/${set}(${key})/${navigation.name}`,
      );
    const target = related[0];
    if (target === undefined) return reply.status(204).send();
    return reply.header('ETag', target.etag).send({
      '@odata.context': `${apiUrl}/$metadata#companies(${companyId})/${navigation.targetSet}/$entity`,
      '@odata.etag': target.etag,
      ...selectOf(target.record, query, targetType),
    });
  };

  app.route({ method: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'], url: '/api/v2.0', handler: api });
  app.route({ method: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'], url: '/api/v2.0/*', handler: api });
  app.route({ method: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'], url: DEMO_ERP_EXTENSION_ROOT, handler: api });
  app.route({ method: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'], url: `${DEMO_ERP_EXTENSION_ROOT}/*`, handler: api });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port });
  const port = (): number => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The demo ERP listens on TCP.');
    return address.port;
  };
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port()}`;
  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v2.0`,
    tokenUrl: `${baseUrl}/oauth2/token`,
    port: port(),
    store,
    stats,
    revokeTokens: () => tokens.clear(),
    close: () => app.close(),
  };
}

function codeOf(statusCode: number): string {
  if (statusCode === 404) return 'BadRequest_NotFound';
  if (statusCode === 412) return 'Request_EntityChanged';
  if (statusCode === 428) return 'Request_PreconditionRequired';
  return 'BadRequest';
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new DemoErpRefusal(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

function propertyNames(type: DemoErpEntityType): Set<string> {
  return new Set(type.properties.map((property) => property.name));
}

/** `$select`: the named properties only (an unknown name is refused, as BC does). */
function selectOf(record: DemoErpRecord, query: URLSearchParams, type: DemoErpEntityType): DemoErpRecord {
  const select = query.get('$select');
  if (select === null || select.trim() === '') return record;
  const known = propertyNames(type);
  const picked: DemoErpRecord = {};
  for (const name of select.split(',').map((n) => n.trim())) {
    if (!known.has(name))
      throw new DemoErpRefusal(400, `Could not find a property named '${name}' on type 'Microsoft.NAV.${type.typeName}'.`);
    picked[name] = record[name] ?? null;
  }
  return picked;
}

function nonNegativeInteger(query: URLSearchParams, name: string): number | null {
  const text = query.get(name);
  if (text === null) return null;
  if (!/^\d+$/.test(text)) throw new DemoErpRefusal(400, `${name} must be a non-negative whole number, not '${text}'.`);
  return Number(text);
}

/** $orderby: `property [asc|desc]`, comma separated. */
function sortOf(query: URLSearchParams, type: DemoErpEntityType): ((a: DemoErpRecord, b: DemoErpRecord) => number) | null {
  const orderby = query.get('$orderby');
  if (orderby === null || orderby.trim() === '') return null;
  const known = propertyNames(type);
  const keys = orderby.split(',').map((part) => {
    const [name, direction = 'asc'] = part.trim().split(/\s+/);
    if (!known.has(name) || !['asc', 'desc'].includes(direction.toLowerCase()))
      throw new DemoErpRefusal(400, `The $orderby '${part.trim()}' is not 'property [asc|desc]' of '${type.typeName}'.`);
    return { name, sign: direction.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { name, sign } of keys) {
      const left = a[name];
      const right = b[name];
      if (left === right) continue;
      if (left === null || left === undefined) return -sign;
      if (right === null || right === undefined) return sign;
      return (left < right ? -1 : 1) * sign;
    }
    return 0;
  };
}

/**
 * A collection answer: $filter, $orderby, then the client's window ($skip, $top), then the
 * server's page of it (Prefer: odata.maxpagesize, capped by the service's own page size) with an
 * `@odata.nextLink` that carries the position in `$skiptoken`.
 */
function sendCollection(
  reply: FastifyReply,
  maxPageSize: number,
  query: URLSearchParams,
  rawPath: string,
  apiUrl: string,
  type: DemoErpEntityType,
  entries: { record: DemoErpRecord; etag: string | null }[],
  context: string,
): FastifyReply {
  const request = reply.request;
  const known = propertyNames(type);
  const filterText = query.get('$filter');
  const filter = filterText === null || filterText.trim() === '' ? null : parseODataFilter(filterText, (name) => known.has(name));
  let window = filter === null ? entries : entries.filter((entry) => matchesODataFilter(filter, entry.record));
  const sort = sortOf(query, type);
  if (sort !== null) window = [...window].sort((a, b) => sort(a.record, b.record));
  const count = window.length;
  const skip = nonNegativeInteger(query, '$skip') ?? 0;
  const top = nonNegativeInteger(query, '$top');
  window = window.slice(skip, top === null ? undefined : skip + top);
  const preferred = /odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''));
  const pageSize = Math.max(1, Math.min(preferred === null ? Number.POSITIVE_INFINITY : Number(preferred[1]), maxPageSize));
  const offset = nonNegativeInteger(query, '$skiptoken') ?? 0;
  const page = window.slice(offset, offset + pageSize);
  const body: Record<string, unknown> = { '@odata.context': context };
  if (query.get('$count') === 'true') body['@odata.count'] = count;
  body.value = page.map((entry) => ({
    ...(entry.etag === null ? {} : { '@odata.etag': entry.etag }),
    ...selectOf(entry.record, query, type),
  }));
  if (offset + pageSize < window.length) {
    const next = new URLSearchParams(query);
    next.set('$skiptoken', String(offset + pageSize));
    // Query option names keep their '$', as BC writes them; values are percent-encoded.
    const text = [...next.entries()]
      .map(([name, value]) => `${encodeURIComponent(name).replace(/^%24/, '$')}=${encodeURIComponent(value)}`)
      .join('&');
    body['@odata.nextLink'] = `${apiUrl}${rawPath.replace(/^\/api\/v2\.0/, '')}?${text}`;
  }
  if (preferred !== null) reply.header('Preference-Applied', `odata.maxpagesize=${pageSize}`);
  return reply.type('application/json; charset=utf-8').send(body);
}
