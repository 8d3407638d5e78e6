import { conflict, invalid, notFound, unavailable, DomainError } from '../errors/DomainError';
import type { EntitySourceConfig } from '../config/EntitySourceConfig';
import { EntraTokenClients, EntraTokenFailure } from '../graph';
import { decideRetry, sleepMs } from '../retry';
import { erpMessagesFor } from './erpMessagesFor';
import { buildODataFilter, type EntityFilter } from './buildODataFilter';
import { CsdlError, parseCsdl, type EntityTypeMetadata, type SourceMetadata } from './parseCsdl';

/** A record as the source answers it: property name → JSON value (OData annotations such as @odata.etag included). */
export type EntityRecord = Record<string, unknown>;

/** What to read from an entity set. Property names are checked against the source's $metadata. */
export interface EntityQuery {
  /** The company (data area) to read in; the source's configured company when absent. */
  company?: string;
  filter?: EntityFilter;
  select?: readonly string[];
  /** `property` or `property desc`, checked like select. */
  orderBy?: readonly string[];
  top?: number;
  skip?: number;
}

/** One page as the source served it, with the link to the next one (null on the last). */
export interface EntityPage {
  records: EntityRecord[];
  nextLink: string | null;
}

/** A company of the source (BC: the `companies` set). */
export interface SourceCompany {
  id: string;
  name: string;
  displayName: string;
}

/** Tuning of the connector; the defaults suit production, tests shorten them. */
export interface EntitySourceConnectorOptions {
  /** The clock, in ms; tests move it to expire tokens. */
  now?: () => number;
  /**
   * The budget of one call, retries and their waits included (8 s): below the client's own 10 s
   * time-out, so the user reads our words about the ERP rather than a time-out about our server.
   */
  timeoutMs?: number;
  /** Retries of a 429/503 answer (3). */
  maxRetries?: number;
  /** The longest Retry-After honoured; a source asking for longer is reported busy at once (10 s). */
  maxRetryAfterMs?: number;
  /** How long $metadata and the company list are kept (1 hour); they change only when the ERP is upgraded. */
  metadataTtlMs?: number;
  /** The most records queryAll gathers by following nextLink (5,000). */
  maxRecords?: number;
  /** Waits between retries; tests may observe it. */
  sleep?: (ms: number) => Promise<void>;
}

interface Cached<T> {
  value: T;
  expiresAt: number;
}

/** The refresh margin: a token is replaced this long before it expires (at most half its life). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** Backoff when a 429/503 carries no Retry-After: 0.5 s, 1 s, 2 s. */
const DEFAULT_BACKOFF_MS = 500;

/** The name of an error or of its cause (fetch wraps some in a TypeError); duck-typed, since DOMException may come from another realm. */
function namesOf(error: unknown): string[] {
  const names: string[] = [];
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 3; depth++) {
    const { name, cause } = current as { name?: unknown; cause?: unknown };
    if (typeof name === 'string') names.push(name);
    current = cause;
  }
  return names;
}

/** Whether fetch failed because the time-out signal fired. */
function isTimeout(error: unknown): boolean {
  return namesOf(error).some((name) => name === 'TimeoutError' || name === 'AbortError');
}

/**
 * One entity source reached over OData v4 (Business Central's API v2.0 or the demo ERP): a
 * client-credentials token through MSAL cached until shortly before it expires, `$metadata` discovered and
 * cached, queries with $filter/$select/$orderby/$top/$skip that follow `@odata.nextLink`,
 * 429/503 retried after Retry-After (bounded), every attempt under a time-out. Every failure is
 * a DomainError in words (erp/erpMessages.ts) — a down ERP is a 503 with a sentence, never a
 * 500 and never a hang.
 */
export class EntitySourceConnector {
  readonly config: EntitySourceConfig;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryAfterMs: number;
  private readonly metadataTtlMs: number;
  private readonly maxRecords: number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** The source's client-credentials tokens through MSAL, its token cache and our renewal clock. */
  private readonly tokens: EntraTokenClients;
  /** The token the last call got, so a 401 on an older one (a concurrent renewal) does not throw away the new one. */
  private currentToken: string | null = null;
  private metadataCache: Cached<SourceMetadata> | null = null;
  private metadataInFlight: Promise<SourceMetadata> | null = null;
  private companiesCache: Cached<SourceCompany[]> | null = null;
  private companiesInFlight: Promise<SourceCompany[]> | null = null;

  constructor(config: EntitySourceConfig, options: EntitySourceConnectorOptions = {}) {
    this.config = { ...config, apiUrl: config.apiUrl.replace(/\/+$/, '') };
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 8_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.metadataTtlMs = options.metadataTtlMs ?? 3_600_000;
    this.maxRecords = options.maxRecords ?? 5_000;
    this.sleep = options.sleep ?? sleepMs;
    this.tokens = new EntraTokenClients({
      authority: new URL(config.tokenUrl).origin,
      tokenEndpoint: config.tokenUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      timeoutMs: this.timeoutMs,
      now: this.now,
    });
  }

  /** The source's prefix, e.g. 'bc'. */
  get prefix(): string {
    return this.config.prefix;
  }

  /** The source's entity types, actions and sets, from `$metadata` (cached for metadataTtlMs). */
  async metadata(): Promise<SourceMetadata> {
    if (this.metadataCache !== null && this.metadataCache.expiresAt > this.now()) return this.metadataCache.value;
    // Concurrent first callers share one download.
    this.metadataInFlight ??= this.fetchMetadata().finally(() => {
      this.metadataInFlight = null;
    });
    return this.metadataInFlight;
  }

  /** One entity type by its entity set ('purchaseInvoices'), its name ('purchaseInvoice') or its qualified name. */
  async entityType(name: string): Promise<EntityTypeMetadata> {
    const metadata = await this.metadata();
    const exact = metadata.entityTypes.find((type) => type.entitySet === name || type.name === name || type.qualifiedName === name);
    // Type names stored before discovery may differ in case only ('Microsoft.NAV.Vendor' for 'vendor').
    const lower = name.toLowerCase();
    const found =
      exact ??
      metadata.entityTypes.find(
        (type) =>
          type.entitySet?.toLowerCase() === lower || type.name.toLowerCase() === lower || type.qualifiedName.toLowerCase() === lower,
      );
    if (found === undefined) throw notFound((language) => erpMessagesFor(language).erpUnknownEntityType(this.config.label, name));
    return found;
  }

  /** Forgets the cached $metadata and companies (after an ERP upgrade, say); the token stays. */
  invalidateMetadata(): void {
    this.metadataCache = null;
    this.companiesCache = null;
  }

  /** The source's companies (cached like $metadata). */
  async companies(): Promise<SourceCompany[]> {
    if (this.companiesCache !== null && this.companiesCache.expiresAt > this.now()) return this.companiesCache.value;
    this.companiesInFlight ??= this.fetchCompanies().finally(() => {
      this.companiesInFlight = null;
    });
    return this.companiesInFlight;
  }

  private async fetchCompanies(): Promise<SourceCompany[]> {
    const records = await this.followAll(`${this.config.apiUrl}/companies?$select=id,name,displayName`);
    const companies = records.map((record) => ({
      id: String(record.id),
      name: String(record.name),
      displayName: String(record.displayName ?? record.name),
    }));
    this.companiesCache = { value: companies, expiresAt: this.now() + this.metadataTtlMs };
    return companies;
  }

  /** One page of an entity set, as the source pages it; pass `nextLink` to `nextPage` for the rest. */
  async query(entitySet: string, query: EntityQuery = {}): Promise<EntityPage> {
    const url = await this.queryUrl(entitySet, query);
    return this.page(url);
  }

  /** The page a previous answer's nextLink points at. */
  async nextPage(nextLink: string): Promise<EntityPage> {
    return this.page(this.checkedLink(nextLink));
  }

  /** Every record of the query, following `@odata.nextLink` (at most maxRecords). */
  async queryAll(entitySet: string, query: EntityQuery = {}): Promise<EntityRecord[]> {
    return this.followAll(await this.queryUrl(entitySet, query));
  }

  /** One record by id, or null when the source has none. */
  async get(entitySet: string, id: string, query: Pick<EntityQuery, 'company' | 'select'> = {}): Promise<EntityRecord | null> {
    const type = await this.entityType(entitySet);
    const params = this.selectParams(type, query.select);
    const url = `${await this.companyUrl(query.company)}/${encodeURIComponent(type.entitySet ?? entitySet)}(${encodeURIComponent(id)})${params}`;
    try {
      return await this.requestJson(url);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'NotFound') return null;
      throw error;
    }
  }

  /**
   * Calls a bound action of one record, e.g. `Microsoft.NAV.post` on a purchase invoice; the
   * action is checked against the source's $metadata first. Resolves when the ERP accepted it.
   */
  async invokeAction(entitySet: string, id: string, action: string, options: { company?: string } = {}): Promise<void> {
    const type = await this.entityType(entitySet);
    const metadata = await this.metadata();
    const bound = metadata.actions.find(
      (candidate) =>
        candidate.boundTo === type.qualifiedName && (candidate.qualifiedName === action || candidate.qualifiedName.endsWith(`.${action}`)),
    );
    if (bound === undefined)
      throw notFound((language) =>
        erpMessagesFor(language).erpRefusedQuery(this.config.label, `'${type.name}' has no action '${action}'.`),
      );
    const url = `${await this.companyUrl(options.company)}/${encodeURIComponent(type.entitySet ?? entitySet)}(${encodeURIComponent(id)})/${bound.qualifiedName}`;
    const response = await this.request(url, 'application/json', 'POST');
    await this.readBody(response);
  }

  /**
   * Creates one record in an entity set (BC API v2.0: `POST companies({id})/purchaseInvoices`
   * with `vendorNumber` and the other facts) and answers it as the ERP stored it. The ERP checks
   * the values: a refusal is a 400 in its words. A 503 is not retried (the record may exist).
   */
  async create(entitySet: string, values: Readonly<Record<string, unknown>>, options: { company?: string } = {}): Promise<EntityRecord> {
    const type = await this.entityType(entitySet);
    const url = `${await this.companyUrl(options.company)}/${encodeURIComponent(type.entitySet ?? entitySet)}`;
    const response = await this.request(url, 'application/json', 'POST', JSON.stringify(values));
    const text = await this.readBody(response);
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as EntityRecord;
    } catch {
      // Fall through: not JSON.
    }
    throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, 'an answer that is not OData JSON'));
  }

  /**
   * Changes properties of one record (`PATCH …/{set}({id})` with `If-Match: etag`, as BC demands)
   * and answers it as the ERP stored it. A 412 (someone changed the record since `etag` was read)
   * is a Conflict in words; a 503 is not retried (the change may have been made).
   */
  async patch(
    entitySet: string,
    id: string,
    etag: string,
    values: Readonly<Record<string, unknown>>,
    options: { company?: string } = {},
  ): Promise<EntityRecord> {
    const type = await this.entityType(entitySet);
    for (const name of Object.keys(values)) this.checkProperty(type, name);
    const url = `${await this.companyUrl(options.company)}/${encodeURIComponent(type.entitySet ?? entitySet)}(${encodeURIComponent(id)})`;
    const response = await this.request(url, 'application/json', 'PATCH', JSON.stringify(values), { 'If-Match': etag });
    const text = await this.readBody(response);
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as EntityRecord;
    } catch {
      // Fall through: not JSON.
    }
    throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, 'an answer that is not OData JSON'));
  }

  private async page(url: string): Promise<EntityPage> {
    const body = await this.requestJson(url);
    const value = body.value;
    if (!Array.isArray(value))
      throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, 'an answer without a value list'));
    const next = body['@odata.nextLink'];
    return { records: value as EntityRecord[], nextLink: typeof next === 'string' ? next : null };
  }

  private async followAll(firstUrl: string): Promise<EntityRecord[]> {
    const records: EntityRecord[] = [];
    let url: string | null = firstUrl;
    while (url !== null) {
      const page = await this.page(url);
      records.push(...page.records);
      if (records.length >= this.maxRecords) return records.slice(0, this.maxRecords);
      url = page.nextLink === null ? null : this.checkedLink(page.nextLink);
    }
    return records;
  }

  /** A nextLink must stay on the source's origin: our bearer token never goes anywhere else. */
  private checkedLink(link: string): string {
    const resolved = new URL(link, `${this.config.apiUrl}/`);
    if (resolved.origin !== new URL(this.config.apiUrl).origin)
      throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, 'a next-page link to another server'));
    return resolved.toString();
  }

  private async companyUrl(company: string | undefined): Promise<string> {
    const name = company ?? this.config.company;
    const found = (await this.companies()).find((candidate) => candidate.name === name);
    if (found === undefined) throw notFound((language) => erpMessagesFor(language).erpUnknownCompany(this.config.label, name));
    return `${this.config.apiUrl}/companies(${found.id})`;
  }

  private selectParams(type: EntityTypeMetadata, select: readonly string[] | undefined): string {
    if (select === undefined || select.length === 0) return '';
    for (const name of select) this.checkProperty(type, name);
    return `?$select=${select.map(encodeURIComponent).join(',')}`;
  }

  private checkProperty(type: EntityTypeMetadata, name: string): void {
    if (!type.properties.some((property) => property.name === name))
      throw invalid((language) => erpMessagesFor(language).erpUnknownProperty(this.config.label, type.name, name));
  }

  private async queryUrl(entitySet: string, query: EntityQuery): Promise<string> {
    const type = await this.entityType(entitySet);
    const params: string[] = [];
    if (query.filter !== undefined) {
      const text = buildODataFilter(query.filter, type, (name) => this.checkProperty(type, name));
      if (text !== '') params.push(`$filter=${encodeURIComponent(text)}`);
    }
    if (query.select !== undefined && query.select.length > 0) {
      for (const name of query.select) this.checkProperty(type, name);
      params.push(`$select=${query.select.map(encodeURIComponent).join(',')}`);
    }
    if (query.orderBy !== undefined && query.orderBy.length > 0) {
      const parts = query.orderBy.map((part) => {
        const [name, direction] = part.trim().split(/\s+/);
        this.checkProperty(type, name);
        if (direction !== undefined && direction !== 'asc' && direction !== 'desc')
          throw invalid((language) =>
            erpMessagesFor(language).erpRefusedQuery(this.config.label, `'${part}' is not 'property asc' or 'property desc'.`),
          );
        return direction === undefined ? name : `${name} ${direction}`;
      });
      params.push(`$orderby=${encodeURIComponent(parts.join(','))}`);
    }
    for (const [name, value] of [
      ['$top', query.top],
      ['$skip', query.skip],
    ] as const) {
      if (value === undefined) continue;
      if (!Number.isInteger(value) || value < 0)
        throw invalid((language) =>
          erpMessagesFor(language).erpRefusedQuery(this.config.label, `${name} must be a whole number of 0 or more.`),
        );
      params.push(`${name}=${value}`);
    }
    const base = `${await this.companyUrl(query.company)}/${encodeURIComponent(type.entitySet ?? entitySet)}`;
    return params.length === 0 ? base : `${base}?${params.join('&')}`;
  }

  private async fetchMetadata(): Promise<SourceMetadata> {
    const response = await this.request(`${this.config.apiUrl}/$metadata`, 'application/xml');
    const text = await this.readBody(response);
    let metadata: SourceMetadata;
    try {
      metadata = parseCsdl(text);
    } catch (error) {
      if (error instanceof CsdlError) throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, error.message));
      throw error;
    }
    this.metadataCache = { value: metadata, expiresAt: this.now() + this.metadataTtlMs };
    return metadata;
  }

  private async requestJson(url: string): Promise<EntityRecord> {
    const response = await this.request(url, 'application/json');
    const text = await this.readBody(response);
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as EntityRecord;
    } catch {
      // Fall through: not JSON.
    }
    throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, 'an answer that is not OData JSON'));
  }

  /** The body's text, under the same time-out as the headers were. */
  private async readBody(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw this.transportError(error);
    }
  }

  /**
   * A call with the bearer (GET, or a POST or PATCH with its body): a 401 fetches a new token once; 429/503 wait Retry-After (at most
   * maxRetryAfterMs, at most maxRetries times); 404 → NotFound; 400 → Validation; any other
   * failure → Unavailable in words.
   */
  private async request(
    url: string,
    accept: string,
    method: 'GET' | 'POST' | 'PATCH' = 'GET',
    body?: string,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<Response> {
    // One budget for the whole call: attempts and Retry-After waits all come out of it.
    const deadline = performance.now() + this.timeoutMs;
    let renewedToken = false;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { ...extraHeaders, Authorization: `Bearer ${token}`, Accept: accept };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await this.send(url, { method, headers, ...(body === undefined ? {} : { body }) }, deadline);
      if (response.ok) return response;
      const detail = await this.errorMessageOf(response);
      if (response.status === 401 && !renewedToken) {
        // The source forgot or revoked the token before its expiry: one fresh token, one more try.
        renewedToken = true;
        if (this.currentToken === token) {
          this.currentToken = null;
          this.tokens.invalidate(this.config.tenant);
        }
        attempt--;
        continue;
      }
      if (response.status === 401 || response.status === 403)
        throw unavailable((language) => erpMessagesFor(language).erpCredentialsRefused(this.config.label));
      if (response.status === 404)
        throw notFound((language) => erpMessagesFor(language).erpRefusedQuery(this.config.label, detail ?? 'not found.'));
      if (response.status === 400)
        throw invalid((language) => erpMessagesFor(language).erpRefusedQuery(this.config.label, detail ?? 'a bad request.'));
      // A 429 was refused before any work, so even an action may be sent again; a 503 may not have been, so only reads retry it.
      if (response.status === 429 || (response.status === 503 && method === 'GET')) {
        // The one retry policy (retry/) decides the wait; the call's own budget may still cut it short.
        const decision = decideRetry(
          { maxAttempts: this.maxRetries + 1, maxWaitMs: this.maxRetryAfterMs, backoffMs: DEFAULT_BACKOFF_MS },
          attempt + 1,
          response.headers.get('retry-after'),
          this.now(),
        );
        if (decision.kind !== 'wait' || performance.now() + decision.ms >= deadline)
          throw unavailable((language) => erpMessagesFor(language).erpBusy(this.config.label));
        await this.sleep(decision.ms);
        continue;
      }
      if (response.status === 503) throw unavailable((language) => erpMessagesFor(language).erpBusy(this.config.label));
      if (response.status === 409 || response.status === 412)
        throw conflict((language) =>
          erpMessagesFor(language).erpRefusedQuery(this.config.label, detail ?? 'the record changed meanwhile.'),
        );
      throw unavailable((language) => erpMessagesFor(language).erpFailed(this.config.label, `HTTP ${response.status}`));
    }
  }

  /** The OData error's message of a failed answer, if it has one. */
  private async errorMessageOf(response: Response): Promise<string | null> {
    try {
      const body: unknown = JSON.parse(await response.text());
      const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: unknown }).error : null;
      if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
    } catch {
      // Not an OData error body; the status alone speaks.
    }
    return null;
  }

  /**
   * The source's token: MSAL's client-credentials grant at the configured token endpoint (Entra ID
   * for Business Central, the demo ERP's own), from MSAL's cache until shortly before it expires
   * by our clock; concurrent first callers share one request. Entra's refusals and silences are
   * Unavailable in words, as the source's own are.
   */
  private async accessToken(): Promise<string> {
    try {
      this.currentToken = await this.tokens.token(
        this.config.tenant,
        this.config.tenant,
        (client, request) => client.acquireTokenByClientCredential({ scopes: [this.config.scope], ...request }),
        (lifetimeMs) => lifetimeMs - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2),
      );
      return this.currentToken;
    } catch (error) {
      throw this.tokenError(error);
    }
  }

  private tokenError(error: unknown): DomainError {
    if (!(error instanceof EntraTokenFailure)) return this.transportError(error);
    const { label } = this.config;
    switch (error.kind) {
      case 'unreachable':
        return unavailable((language) => erpMessagesFor(language).erpUnreachable(label));
      case 'timedOut': {
        const seconds = Math.max(1, Math.round(this.timeoutMs / 1000));
        return unavailable((language) => erpMessagesFor(language).erpTimedOut(label, seconds));
      }
      case 'refused':
        if (error.status === 400 || error.status === 401 || error.status === 403)
          return unavailable((language) => erpMessagesFor(language).erpCredentialsRefused(label));
        if (error.status === 429 || error.status === 503) return unavailable((language) => erpMessagesFor(language).erpBusy(label));
        return unavailable((language) => erpMessagesFor(language).erpFailed(label, `sign-in answered HTTP ${error.status}`));
      case 'badAnswer': {
        const detail = error.code === 'NotJson' ? 'a sign-in answer that is not JSON' : 'a sign-in answer without a token';
        return unavailable((language) => erpMessagesFor(language).erpFailed(label, detail));
      }
      default:
        return unavailable((language) => erpMessagesFor(language).erpFailed(label, `sign-in: ${error.description}`));
    }
  }

  /** fetch until `deadline` (performance.now() ms), body included; a transport failure becomes Unavailable in words. */
  private async send(url: string, init: RequestInit, deadline: number): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(Math.max(1, Math.round(deadline - performance.now()))),
        redirect: 'error',
      });
    } catch (error) {
      throw this.transportError(error);
    }
  }

  private transportError(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    if (isTimeout(error))
      return unavailable((language) =>
        erpMessagesFor(language).erpTimedOut(this.config.label, Math.max(1, Math.round(this.timeoutMs / 1000))),
      );
    return unavailable((language) => erpMessagesFor(language).erpUnreachable(this.config.label));
  }
}
