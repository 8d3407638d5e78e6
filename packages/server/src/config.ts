import { resolve } from 'node:path';

/** Server configuration, read from the environment (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  /** The interface to listen on (DATAHAVEN_HOST); 127.0.0.1 unless a deployment says otherwise. */
  host: string;
  /** Absolute path of the data folder: SQLite file, files, secrets. */
  dataDir: string;
  /** PostgreSQL URL; null means the SQLite file in dataDir. */
  databaseUrl: string | null;
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
  /** Microsoft Graph's base URL for mailbox drafts, without a trailing slash (DATAHAVEN_GRAPH_BASE_URL). */
  graphBaseUrl: string;
  /**
   * Azure Blob Storage for the files (DATAHAVEN_BLOB_CONNECTION_STRING + DATAHAVEN_BLOB_CONTAINER);
   * null keeps them on the local disk under dataDir/files.
   */
  blobStore: { connectionString: string; container: string } | null;
}

/** The repository root, from packages/server/{src,dist}/config.* */
const REPO_ROOT = resolve(__dirname, '..', '..', '..');

function parsePort(text: string | undefined): number {
  if (text === undefined || text === '') return 3000;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`DATAHAVEN_PORT is not a port: ${text}`);
  return port;
}

function parseHost(text: string | undefined): string {
  const host = (text ?? '').trim();
  if (host === '') return '127.0.0.1';
  // An IPv4/IPv6 address or a host name; nothing that could smuggle a port or a path.
  if (!/^[a-z0-9.:-]+$/i.test(host)) throw new Error(`DATAHAVEN_HOST is not an address: ${text}`);
  return host;
}

function parseLockMinutes(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 15;
  const minutes = Number(text);
  // A whole number of minutes up to a week: a longer lock would outlive any editing session.
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60) throw new Error(`DATAHAVEN_LOCK_MINUTES is not a number of minutes (1–10080): ${text}`);
  return minutes;
}

function parseFlag(text: string | undefined): boolean {
  return text !== undefined && ['1', 'true', 'yes', 'on'].includes(text.trim().toLowerCase());
}

function parseOrigins(text: string | undefined): string[] {
  if (!text) return [];
  const origins = text.split(/[\s,]+/).filter((o) => o !== '');
  for (const origin of origins) {
    // Only scheme://host[:port] (with an optional leading *. wildcard); anything else could inject CSP.
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
      throw new Error(`DATAHAVEN_FRAME_ANCESTORS has an invalid origin: ${origin}`);
    }
  }
  return origins;
}

function parseGraphBaseUrl(text: string | undefined): string {
  const value = (text ?? '').trim() || 'https://graph.microsoft.com';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`DATAHAVEN_GRAPH_BASE_URL is not a URL: ${value}`);
  }
  // The user's Graph token goes there: no credentials, query or fragment that could redirect it.
  if (!['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(`DATAHAVEN_GRAPH_BASE_URL must be a plain http(s) URL: ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** Both blob variables or neither: one without the other is a mistake worth stopping for, not a silent fall-back to the disk. */
function parseBlobStore(connectionString: string | undefined, container: string | undefined): Config['blobStore'] {
  const hasConnection = connectionString !== undefined && connectionString !== '';
  const hasContainer = container !== undefined && container !== '';
  if (!hasConnection && !hasContainer) return null;
  if (!hasConnection || !hasContainer) throw new Error('DATAHAVEN_BLOB_CONNECTION_STRING and DATAHAVEN_BLOB_CONTAINER go together: set both to keep files in Azure Blob Storage, or neither.');
  // Azure's container names: 3-63 of lower-case letters, digits and single hyphens, starting with a letter or digit.
  if (!/^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/.test(container)) throw new Error(`DATAHAVEN_BLOB_CONTAINER is not a valid container name: ${container}`);
  return { connectionString, container };
}

/** Reads the configuration from `env` with safe defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.DATAHAVEN_PORT);
  const publicUrl = (env.DATAHAVEN_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: parseHost(env.DATAHAVEN_HOST),
    dataDir: resolve(env.DATAHAVEN_DATA_DIR || './.datahaven'),
    databaseUrl: env.DATAHAVEN_DATABASE_URL || null,
    demo: parseFlag(env.DATAHAVEN_DEMO),
    publicUrl,
    webDir: resolve(env.DATAHAVEN_WEB_DIR || resolve(REPO_ROOT, 'dist', 'web')),
    frameAncestors: parseOrigins(env.DATAHAVEN_FRAME_ANCESTORS),
    lockMinutes: parseLockMinutes(env.DATAHAVEN_LOCK_MINUTES),
    graphBaseUrl: parseGraphBaseUrl(env.DATAHAVEN_GRAPH_BASE_URL),
    blobStore: parseBlobStore(env.DATAHAVEN_BLOB_CONNECTION_STRING, env.DATAHAVEN_BLOB_CONTAINER),
  };
}
