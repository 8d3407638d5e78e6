import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { loadEntraConfig, type EntraConfig, type TeamsConfig } from './loadEntraConfig';
import { DEFAULT_POOL_SIZE } from '../db/createDatabase';
import { parseList, parseOrigins, parsePlainUrl, parseWholeNumber } from './envParsers';
import { defaultSourceLabel, type EntitySourceConfig } from './EntitySourceConfig';
import { parseOfficeJsSource, type OfficeJsSource } from './officeJsSource';
import { loadMemoryLimits } from './memoryLimits';

/** How long a request waits for heavy work (an image conversion) before answering 503, unless DATAHAVEN_REQUEST_WORK_MS says otherwise. */
export const REQUEST_WORK_MS = 15_000;

/** pino's levels, most severe first; `silent` writes nothing. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A level of DATAHAVEN_LOG_LEVEL. */
export type LogLevel = (typeof LOG_LEVELS)[number];

function isLogLevel(text: string): text is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(text);
}

function parseLogLevel(text: string | undefined): LogLevel {
  const level = (text ?? '').trim().toLowerCase();
  if (level === '') return 'info';
  if (!isLogLevel(level)) throw new Error(`DATAHAVEN_LOG_LEVEL is not one of ${LOG_LEVELS.join(', ')}: ${text}`);
  return level;
}

/** Server configuration, read from the environment (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  /** The interface to listen on (DATAHAVEN_HOST); 127.0.0.1 unless a deployment says otherwise. */
  host: string;
  /**
   * How many server processes share the port (DATAHAVEN_WORKERS: a number, or `auto` for one per
   * core; 1 by default). Above 1 needs PostgreSQL and the demo off (superviseWorkers.ts).
   */
  workers: number;
  /**
   * The operations port serving Prometheus's GET /metrics (DATAHAVEN_ADMIN_PORT; null, the
   * default: none), on `adminHost` (DATAHAVEN_ADMIN_HOST, 127.0.0.1 unless said otherwise).
   */
  adminPort: number | null;
  /** The interface the operations port listens on (DATAHAVEN_ADMIN_HOST; 127.0.0.1 by default). */
  adminHost: string;
  /**
   * How long a stopping server waits for in-flight requests and running jobs before it closes the
   * connections left and hands the jobs back (DATAHAVEN_SHUTDOWN_TIMEOUT_MS; 25 000 by default,
   * under the 30 s a container platform gives between SIGTERM and SIGKILL).
   */
  shutdownTimeoutMs: number;
  /**
   * OpenTelemetry traces are exported (startTelemetry.ts): OTEL_EXPORTER_OTLP_ENDPOINT or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set and OTEL_SDK_DISABLED is not `true`. Off otherwise.
   */
  tracing: boolean;
  /** The least severe log line `serve` writes (DATAHAVEN_LOG_LEVEL, pino's levels; info by default: every request). */
  logLevel: LogLevel;
  /** Absolute path of the data folder: SQLite file, files, secrets. */
  dataDir: string;
  /** PostgreSQL URL; null means the SQLite file in dataDir. */
  databaseUrl: string | null;
  /** The PostgreSQL schema the tables live in (DATAHAVEN_DATABASE_SCHEMA; created if missing); null: the database's search_path. */
  databaseSchema: string | null;
  /**
   * The PostgreSQL connections for all the server's processes together
   * (DATAHAVEN_DATABASE_CONNECTIONS, 10 by default): each process's pool is its share, rounded
   * up and at least 2 (`databaseTargetOf`), so the processes may open a few more than this.
   */
  databaseConnections: number;
  /** Seed the demo world on first start and serve /demo/*. */
  demo: boolean;
  /** The URL users reach the server at, used in printed URLs; no trailing slash. */
  publicUrl: string;
  /** Absolute path of the built web bundles (dist/web). */
  webDir: string;
  /** Extra origins allowed to frame our pages (on-premises ERP hosts). */
  frameAncestors: string[];
  /** How long a document lock lasts before it expires unless renewed (DATAHAVEN_LOCK_MINUTES). */
  lockMinutes: number;
  /** Microsoft Graph's base URL for mailbox drafts, without a trailing slash (DATAHAVEN_GRAPH_BASE_URL; demo: its own /demo/graph). */
  graphBaseUrl: string;
  /**
   * Azure Blob Storage for the files (DATAHAVEN_BLOB_CONNECTION_STRING + DATAHAVEN_BLOB_CONTAINER);
   * null keeps them on the local disk under dataDir/files.
   */
  blobStore: { connectionString: string; container: string } | null;
  /**
   * The demo ERP (demo/demoErp) started beside the server in demo mode: its loopback port
   * (DATAHAVEN_DEMO_ERP_PORT, 3001) and the OAuth client the product signs in with (a fresh
   * secret every start); null when the demo is off.
   */
  demoErp: { port: number; clientId: string; clientSecret: string } | null;
  /** The ERP entity sources (DATAHAVEN_ERP_SOURCES and DATAHAVEN_ERP_{PREFIX}_*); in demo mode 'bc' is the demo ERP unless configured. */
  erpSources: EntitySourceConfig[];
  /**
   * How long a request waits for heavy work (an image's conversion to PDF in the worker pool)
   * before answering 503 + Retry-After while the work goes on (DATAHAVEN_REQUEST_WORK_MS).
   */
  requestWorkMs: number;
  /** Where the Outlook pane loads office.js from (DATAHAVEN_OFFICE_JS: `hosted`, the default, or `self`). */
  officeJs: OfficeJsSource;
  /** Microsoft Entra ID sign-in for the Teams tab (DATAHAVEN_ENTRA_*; config/loadEntraConfig.ts). */
  entra: EntraConfig;
  /** The Teams app: id, Graph URL for notifications, host origins (DATAHAVEN_TEAMS_*, DATAHAVEN_GRAPH_URL). */
  teams: TeamsConfig;
  /**
   * The mailbox (user principal name or object id) reject notices are e-mailed from through Graph's
   * `POST /users/{id}/sendMail` with the app's Mail.Send permission (DATAHAVEN_GRAPH_MAIL_FROM;
   * demo: DEMO_MAIL_FROM); '' when not configured: no notice is e-mailed.
   */
  mailFrom: string;
  /**
   * Host names (`host[:port]`) a reverse proxy may pass on besides the public URL's and loopback's
   * (DATAHAVEN_ALLOWED_HOSTS); any other Host header is refused with 421 (http/plugins/hostAllowList).
   */
  allowedHosts: string[];
  /** The most bytes one upload request may carry, all its files together (DATAHAVEN_UPLOAD_REQUEST_LIMIT_MB, 256 by default). */
  uploadRequestLimitBytes: number;
  /** The most bytes of documents a user may add in a UTC day (DATAHAVEN_UPLOAD_DAILY_QUOTA_MB, 10240 by default; 0: no quota). */
  uploadDailyQuotaBytes: number;
  /** Requests a minute one caller may send to each rate-limited route (DATAHAVEN_RATE_LIMIT_*; 0: no limit). */
  rateLimits: RateLimits;
  /**
   * The reverse proxies in front of the server (DATAHAVEN_TRUSTED_PROXIES: addresses or CIDR ranges;
   * none by default): a request from one of them is taken to come from the address its
   * X-Forwarded-For names, so the token route's limit counts the users behind a proxy apart.
   */
  trustedProxies: readonly string[];
}

/**
 * Requests a minute per caller (the signed-in user, else the client's address) and route; past
 * one, 429 with Retry-After. Counted in each server process (DATAHAVEN_WORKERS) on its own.
 */
export interface RateLimits {
  /** GET /api/token/user (DATAHAVEN_RATE_LIMIT_TOKEN, 600): callers there are not signed in yet, so per address. */
  token: number;
  /** POST and DELETE /api/keys (DATAHAVEN_RATE_LIMIT_KEYS, 60). */
  keys: number;
  /** POST /api/documents, /api/queues/{id}/documents and /api/mail-import (DATAHAVEN_RATE_LIMIT_UPLOADS, 1200). */
  uploads: number;
}

/** The most a rate limit may be set to: a million requests a minute is no limit at all. */
const MAX_RATE_LIMIT = 1_000_000;

function parseRateLimit(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  return parseWholeNumber(name, text, 0, MAX_RATE_LIMIT, `a number of requests a minute (0–${MAX_RATE_LIMIT}; 0: no limit)`);
}

/** The demo's sending mailbox for notices (its Graph stand-in takes any). */
export const DEMO_MAIL_FROM = 'ap-notices@cronus.example';

function parseMailFrom(text: string | undefined, demo: boolean): string {
  const mailbox = (text ?? '').trim();
  if (mailbox === '') return demo ? DEMO_MAIL_FROM : '';
  // It goes into Graph's path: an address or an object id, nothing that could change the path.
  if (!/^[A-Za-z0-9._%+'-]+(@[A-Za-z0-9.-]+)?$/.test(mailbox))
    throw new Error(`DATAHAVEN_GRAPH_MAIL_FROM is not a mailbox (an e-mail address or an object id): ${text}`);
  return mailbox;
}

const MB = 1024 * 1024;

/** A number of megabytes (`min`–1048576, i.e. up to 1 TB) as bytes; blank means `fallbackMb`. */
function parseMegabytes(name: string, text: string | undefined, fallbackMb: number, min: number): number {
  if (text === undefined || text.trim() === '') return fallbackMb * MB;
  return parseWholeNumber(name, text, min, 1024 * 1024, `a number of megabytes (${min}–1048576)`) * MB;
}

function parseTrustedProxies(text: string | undefined): string[] {
  const proxies = parseList(text);
  for (const proxy of proxies) {
    const [address, bits, extra] = proxy.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)))
      throw new Error(`DATAHAVEN_TRUSTED_PROXIES lists addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1): ${proxy}`);
  }
  return proxies;
}

function parseAllowedHosts(text: string | undefined): string[] {
  const hosts = parseList(text);
  for (const host of hosts) {
    // host[:port] only (a name, an IPv4 address or a bracketed IPv6 one): this is compared with Host headers.
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host)) throw new Error(`DATAHAVEN_ALLOWED_HOSTS has an invalid host: ${host}`);
  }
  return hosts;
}

/** The repository root, from packages/server/{src,dist}/config.* */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

function parsePort(text: string | undefined, name = 'DATAHAVEN_PORT', fallback = 3000): number {
  if (text === undefined || text === '') return fallback;
  return parseWholeNumber(name, text, 0, 65535, 'a port');
}

function parseHost(text: string | undefined, name = 'DATAHAVEN_HOST'): string {
  const host = (text ?? '').trim();
  if (host === '') return '127.0.0.1';
  // An IPv4/IPv6 address or a host name; nothing that could smuggle a port or a path.
  if (!/^[a-z0-9.:-]+$/i.test(host)) throw new Error(`${name} is not an address: ${text}`);
  return host;
}

/** The operations port: none when unset or blank (metrics are off unless an operator asks for them). */
function parseAdminPort(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  return parseWholeNumber('DATAHAVEN_ADMIN_PORT', text, 0, 65535, 'a port');
}

/** Default bound of a graceful stop: under the 30 s Kubernetes and Azure Container Apps allow before SIGKILL. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

function parseShutdownTimeoutMs(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  return parseWholeNumber('DATAHAVEN_SHUTDOWN_TIMEOUT_MS', text, 0, 10 * 60 * 1000, 'a number of milliseconds up to 600000');
}

/** Whether the standard OpenTelemetry variables ask for traces: an OTLP endpoint is named and the SDK is not disabled. */
export function isTracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  return (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim() !== '' || (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim() !== '';
}

function parseDatabaseSchema(text: string | undefined, postgres: boolean): string | null {
  const schema = (text ?? '').trim();
  if (schema === '') return null;
  if (!postgres) throw new Error('DATAHAVEN_DATABASE_SCHEMA needs PostgreSQL (DATAHAVEN_DATABASE_URL).');
  // An unquoted lower-case identifier: it goes into the connection's search_path as written.
  // pg_… names are PostgreSQL's own ('unacceptable schema name').
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema) || schema.startsWith('pg_'))
    throw new Error(`DATAHAVEN_DATABASE_SCHEMA is not a schema name (lower-case letters, digits, _; not pg_…): ${text}`);
  return schema;
}

/** The most worker processes DATAHAVEN_WORKERS may ask for: each holds its own database pool. */
const MAX_WORKERS = 64;

function parseWorkers(text: string | undefined, postgres: boolean, demo: boolean): number {
  const trimmed = (text ?? '').trim();
  const workers =
    trimmed === ''
      ? 1
      : trimmed.toLowerCase() === 'auto'
        ? Math.min(availableParallelism(), MAX_WORKERS)
        : parseWholeNumber('DATAHAVEN_WORKERS', trimmed, 1, MAX_WORKERS, `a number of processes (1–${MAX_WORKERS}) or auto`);
  if (workers === 1) return 1;
  // SQLite lets one process write at a time: several would queue on its lock and answer 'database is busy' under load.
  if (!postgres)
    throw new Error('DATAHAVEN_WORKERS above 1 needs PostgreSQL (DATAHAVEN_DATABASE_URL): SQLite lets one process write at a time.');
  // The demo's ERP and its seed belong to one process; a deployment has neither.
  if (demo) throw new Error('DATAHAVEN_WORKERS above 1 is for deployments: turn the demo off (DATAHAVEN_DEMO=0).');
  return workers;
}

/** The most connections DATAHAVEN_DATABASE_CONNECTIONS may ask for (PostgreSQL's own default max_connections is 100). */
const MAX_DATABASE_CONNECTIONS = 1000;

function parseDatabaseConnections(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_POOL_SIZE;
  return parseWholeNumber(
    'DATAHAVEN_DATABASE_CONNECTIONS',
    text,
    1,
    MAX_DATABASE_CONNECTIONS,
    `a number of connections (1–${MAX_DATABASE_CONNECTIONS})`,
  );
}

function parseLockMinutes(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 15;
  // A whole number of minutes up to a week: a longer lock would outlive any editing session.
  return parseWholeNumber('DATAHAVEN_LOCK_MINUTES', text, 1, 7 * 24 * 60, 'a number of minutes (1–10080)');
}

function parseRequestWorkMs(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return REQUEST_WORK_MS;
  // Up to 10 minutes: any longer and the request would outlive every proxy's time-out.
  return parseWholeNumber('DATAHAVEN_REQUEST_WORK_MS', text, 1, 600_000, 'a number of milliseconds (1–600000)');
}

function parseFlag(text: string | undefined): boolean {
  return text !== undefined && ['1', 'true', 'yes', 'on'].includes(text.trim().toLowerCase());
}

function parseGraphBaseUrl(text: string | undefined): string {
  // The user's Graph token goes there: a plain URL, nothing that could redirect it.
  return parsePlainUrl('DATAHAVEN_GRAPH_BASE_URL', (text ?? '').trim() || 'https://graph.microsoft.com');
}

/** Both blob variables or neither: one without the other is a mistake worth stopping for, not a silent fall-back to the disk. */
function parseBlobStore(connectionString: string | undefined, container: string | undefined): Config['blobStore'] {
  const hasConnection = connectionString !== undefined && connectionString !== '';
  const hasContainer = container !== undefined && container !== '';
  if (!hasConnection && !hasContainer) return null;
  if (!hasConnection || !hasContainer)
    throw new Error(
      'DATAHAVEN_BLOB_CONNECTION_STRING and DATAHAVEN_BLOB_CONTAINER go together: set both to keep files in Azure Blob Storage, or neither.',
    );
  // Azure's container names: 3-63 of lower-case letters, digits and single hyphens, starting with a letter or digit.
  if (!/^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/.test(container))
    throw new Error(`DATAHAVEN_BLOB_CONTAINER is not a valid container name: ${container}`);
  return { connectionString, container };
}

/** 1–65535, 3001 by default: not 0, since the product's 'bc' source must know the port before the demo ERP listens. */
function parseDemoErpPort(text: string | undefined): number {
  const port = parsePort(text, 'DATAHAVEN_DEMO_ERP_PORT', 3001);
  if (port === 0) throw new Error('DATAHAVEN_DEMO_ERP_PORT must be a fixed port (1-65535), not 0.');
  return port;
}

/** The OAuth client id the product signs in to the demo ERP with. */
export const DEMO_ERP_CLIENT_ID = 'datahaven-demo';

/**
 * The ERP entity sources: DATAHAVEN_ERP_SOURCES lists prefixes ('bc,fo'); each prefix P reads
 * DATAHAVEN_ERP_{P}_API_URL, _TENANT, _CLIENT_ID, _CLIENT_SECRET, _COMPANY (required) and
 * _TOKEN_URL, _SCOPE, _LABEL (Entra ID and Business Central defaults). In demo mode, 'bc' is the
 * demo ERP on loopback unless DATAHAVEN_ERP_SOURCES names it.
 */
function parseErpSources(env: NodeJS.ProcessEnv, demoErp: Config['demoErp']): EntitySourceConfig[] {
  const prefixes = parseList(env.DATAHAVEN_ERP_SOURCES);
  const sources = prefixes.map((prefix): EntitySourceConfig => {
    if (!/^[a-z][a-z0-9]{0,15}$/.test(prefix)) throw new Error(`DATAHAVEN_ERP_SOURCES has an invalid prefix: ${prefix}`);
    const key = (suffix: string): string => `DATAHAVEN_ERP_${prefix.toUpperCase()}_${suffix}`;
    const required = (suffix: string): string => {
      const value = (env[key(suffix)] ?? '').trim();
      if (value === '') throw new Error(`${key(suffix)} is required for the ERP source '${prefix}'.`);
      return value;
    };
    const tenant = required('TENANT');
    return {
      prefix,
      label: (env[key('LABEL')] ?? '').trim() || defaultSourceLabel(prefix),
      apiUrl: parsePlainUrl(key('API_URL'), required('API_URL')),
      tokenUrl: parsePlainUrl(
        key('TOKEN_URL'),
        (env[key('TOKEN_URL')] ?? '').trim() || `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
      ),
      tenant,
      clientId: required('CLIENT_ID'),
      clientSecret: required('CLIENT_SECRET'),
      scope: (env[key('SCOPE')] ?? '').trim() || 'https://api.businesscentral.dynamics.com/.default',
      company: required('COMPANY'),
    };
  });
  if (demoErp !== null && !sources.some((source) => source.prefix === 'bc')) {
    const base = `http://127.0.0.1:${demoErp.port}`;
    sources.push({
      prefix: 'bc',
      label: 'Business Central',
      apiUrl: `${base}/api/v2.0`,
      tokenUrl: `${base}/oauth2/token`,
      tenant: 'demo',
      clientId: demoErp.clientId,
      clientSecret: demoErp.clientSecret,
      scope: 'https://api.businesscentral.dynamics.com/.default',
      company: 'CRONUS',
    });
  }
  return sources;
}

/** Reads the configuration from `env` with safe defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.DATAHAVEN_PORT);
  const publicUrl = (env.DATAHAVEN_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const demo = parseFlag(env.DATAHAVEN_DEMO);
  const demoErp: Config['demoErp'] = demo
    ? {
        port: parseDemoErpPort(env.DATAHAVEN_DEMO_ERP_PORT),
        clientId: DEMO_ERP_CLIENT_ID,
        clientSecret: randomBytes(24).toString('base64url'),
      }
    : null;
  // The PDFium pool reads the memory settings when it starts; read here too, so a bad value stops the server at start, in words.
  loadMemoryLimits(env);
  return {
    port,
    host: parseHost(env.DATAHAVEN_HOST),
    adminPort: parseAdminPort(env.DATAHAVEN_ADMIN_PORT),
    adminHost: parseHost(env.DATAHAVEN_ADMIN_HOST, 'DATAHAVEN_ADMIN_HOST'),
    shutdownTimeoutMs: parseShutdownTimeoutMs(env.DATAHAVEN_SHUTDOWN_TIMEOUT_MS),
    tracing: isTracingConfigured(env),
    logLevel: parseLogLevel(env.DATAHAVEN_LOG_LEVEL),
    workers: parseWorkers(env.DATAHAVEN_WORKERS, Boolean(env.DATAHAVEN_DATABASE_URL), demo),
    dataDir: resolve(env.DATAHAVEN_DATA_DIR || './.datahaven'),
    databaseUrl: env.DATAHAVEN_DATABASE_URL || null,
    databaseSchema: parseDatabaseSchema(env.DATAHAVEN_DATABASE_SCHEMA, Boolean(env.DATAHAVEN_DATABASE_URL)),
    databaseConnections: parseDatabaseConnections(env.DATAHAVEN_DATABASE_CONNECTIONS),
    demo,
    publicUrl,
    webDir: resolve(env.DATAHAVEN_WEB_DIR || resolve(REPO_ROOT, 'dist', 'web')),
    frameAncestors: parseOrigins('DATAHAVEN_FRAME_ANCESTORS', env.DATAHAVEN_FRAME_ANCESTORS),
    lockMinutes: parseLockMinutes(env.DATAHAVEN_LOCK_MINUTES),
    // The demo's mail drafts go to its own Graph mailbox (demo/registerDemoGraphMailRoutes, settled to the listening origin) unless set.
    graphBaseUrl:
      demo && (env.DATAHAVEN_GRAPH_BASE_URL ?? '').trim() === ''
        ? `${publicUrl}/demo/graph`
        : parseGraphBaseUrl(env.DATAHAVEN_GRAPH_BASE_URL),
    blobStore: parseBlobStore(env.DATAHAVEN_BLOB_CONNECTION_STRING, env.DATAHAVEN_BLOB_CONTAINER),
    demoErp,
    erpSources: parseErpSources(env, demoErp),
    requestWorkMs: parseRequestWorkMs(env.DATAHAVEN_REQUEST_WORK_MS),
    officeJs: parseOfficeJsSource(env.DATAHAVEN_OFFICE_JS),
    ...loadEntraConfig(env, demo, publicUrl),
    mailFrom: parseMailFrom(env.DATAHAVEN_GRAPH_MAIL_FROM, demo),
    allowedHosts: parseAllowedHosts(env.DATAHAVEN_ALLOWED_HOSTS),
    uploadRequestLimitBytes: parseMegabytes('DATAHAVEN_UPLOAD_REQUEST_LIMIT_MB', env.DATAHAVEN_UPLOAD_REQUEST_LIMIT_MB, 256, 1),
    uploadDailyQuotaBytes: parseMegabytes('DATAHAVEN_UPLOAD_DAILY_QUOTA_MB', env.DATAHAVEN_UPLOAD_DAILY_QUOTA_MB, 10240, 0),
    trustedProxies: parseTrustedProxies(env.DATAHAVEN_TRUSTED_PROXIES),
    rateLimits: {
      // A reverse proxy makes every sign-in come from its address, and an ERP server mints its users' tokens from one.
      token: parseRateLimit('DATAHAVEN_RATE_LIMIT_TOKEN', env.DATAHAVEN_RATE_LIMIT_TOKEN, 600),
      keys: parseRateLimit('DATAHAVEN_RATE_LIMIT_KEYS', env.DATAHAVEN_RATE_LIMIT_KEYS, 60),
      // The load bench uploads 10 a second as one user for 10 minutes; a clerk dropping a folder sends one request per file.
      uploads: parseRateLimit('DATAHAVEN_RATE_LIMIT_UPLOADS', env.DATAHAVEN_RATE_LIMIT_UPLOADS, 1200),
    },
  };
}
