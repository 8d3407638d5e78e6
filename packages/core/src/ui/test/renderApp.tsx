import { render, type RenderResult } from '@testing-library/react';
import type { XhrFactory } from '../../api';
import { browserHost, memoryStorage, type HostAdapter, type StoragePort } from '../../host';
import { encodeBase64Url, type DmsDocument, type FolderEntry, type FolderNode, type Note } from '../../model';
import { DatahavenApp } from '../DatahavenApp';
import { createDatahavenServices, type DatahavenServices } from '../app/DatahavenServices';
import { FakeResponse } from './FakeResponse';

/** One request the fake web services received. */
export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** A handler of the fake web services: answers a JSON value (200, or 201 for POST) or a FakeResponse. */
export type FakeRoute = (request: RecordedRequest) => unknown;

/** A token the core accepts (the signature is never checked on the client). */
export function testToken(username = 'clerk'): string {
  const payload = { username, expiration: new Date(Date.now() + 3_600_000).toISOString(), passthroughResources: [] };
  return `${encodeBase64Url(JSON.stringify(payload))}.signature`;
}

/** A document as the server presents it, with the fields a test cares about. */
export function testDocument(fields: Partial<DmsDocument> & Pick<DmsDocument, 'id' | 'name'>): DmsDocument {
  return {
    description: '',
    extension: fields.name.split('.').pop() ?? '',
    FileSize: 12_600,
    mediaType: 'application/pdf',
    totalPages: 1,
    splittable: false,
    link: null,
    lock: null,
    userLock: 'none',
    queueName: null,
    queue: null,
    workflowPerms: 0,
    workflowModifiers: {
      approvalRouteRequired: false,
      blockApproveUnlinked: false,
      noRoutes: false,
      blockRouteUnlinked: false,
      warnRouteUnlinked: false,
      quickLink: false,
    },
    hasApprovalRoutes: false,
    hasAvailableRoutes: false,
    canApprovalRoutes: false,
    canRouteForApprovalFromRecord: false,
    userString: '',
    userDate: null,
    subtype: null,
    type: 'Vendor',
    rowVersion: 1,
    createdAt: '2025-05-30T10:00:00Z',
    createdBy: 'clerk',
    modifiedAt: '2025-05-30T10:00:00Z',
    ...fields,
  };
}

/** A note as the server presents it. */
export function testNote(id: number, kind: Note['kind'], text: string): Note {
  return { id, docId: 7, kind, text, author: kind === 'user' ? 'Alex Clerk' : 'clerk', createdAt: '2025-05-30T10:00:00Z' };
}

/** A folder node with its children. */
export function testFolder(id: string, name: string, children: FolderEntry[], allowUpload = true): FolderNode {
  return {
    type: 'folder',
    id,
    name,
    constraints: { dataAreaId: 'CRONUS', tableId: 23, recordId: 'r1', subtypeId: 1 },
    children,
    allowUpload,
    defaultExpanded: false,
    forceDefaultExpanded: false,
    groups: [],
  };
}

/** What renderApp hands back: the testing-library result, the recorded requests and the services. */
export interface RenderedApp extends RenderResult {
  requests: RecordedRequest[];
  services: DatahavenServices;
  local: StoragePort;
}

/**
/** Options of renderApp. */
export interface RenderAppOptions {
  /** The query the host reads its context from. */
  search?: string;
  /** Upload transport (FakeXhr). */
  createXhr?: XhrFactory;
  /** Session-storage items present before the app starts. */
  session?: Record<string, string>;
  /** Local-storage items present before the app starts. */
  local?: Record<string, string>;
  /** Wraps the plain-browser host (a recording host, another router); a memory router starts at `path` and leaves window.history alone. */
  host?: (base: HostAdapter) => HostAdapter;
}

/**
 * A fetch over fake web services: `routes` keyed by "METHOD /api/path" answer with a value (sent
 * as JSON, 201 for POST), a FakeResponse, or nothing (204 for DELETE, else an empty 200); any
 * other path is a 404 in the server's error shape. Every request is recorded in `requests`.
 */
export function fakeApiFetch(routes: Record<string, FakeRoute>, requests: RecordedRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? parseBody(init.body) : undefined;
    const request: RecordedRequest = { method, path: url.pathname, search: url.searchParams, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'Not found' }, 404);
    const answer = route(request);
    if (answer instanceof FakeResponse) return answer;
    if (answer === undefined) return new FakeResponse('', method === 'DELETE' ? 204 : 200);
    return FakeResponse.json(answer, method === 'POST' ? 201 : 200);
  };
}

/** A request body as JSON, or its text when it is a form (POST /email-link). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Mounts the whole DatahavenApp at `path` over fake web services (`routes` keyed by
 * "METHOD /api/path"), with a plain-browser host whose context comes from `options.search`.
 */
export function renderApp(path: string, routes: Record<string, FakeRoute>, options: RenderAppOptions = {}): RenderedApp {
  const { search = '', createXhr, session = {}, local: localItems = {} } = options;
  const requests: RecordedRequest[] = [];
  const fakeFetch = fakeApiFetch(routes, requests);
  const local = memoryStorage(localItems);
  const base = browserHost({
    token: testToken(),
    search: () => search,
    storage: { local, session: memoryStorage(session) },
    fetch: fakeFetch,
  });
  const host = options.host ? options.host(base) : base;
  if (host.router?.kind !== 'memory') window.history.replaceState(null, '', path);
  const services = createDatahavenServices(host, { fetch: fakeFetch, createXhr });
  const result = render(<DatahavenApp host={host} services={services} />);
  return { ...result, requests, services, local };
}
