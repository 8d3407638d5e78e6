import { availableParallelism } from 'node:os';
import { loadConfig } from './Config';

describe('loadConfig', () => {
  it('locks last 15 minutes unless DATAHAVEN_LOCK_MINUTES says otherwise', () => {
    expect(loadConfig({}).lockMinutes).toBe(15);
    expect(loadConfig({ DATAHAVEN_LOCK_MINUTES: '' }).lockMinutes).toBe(15);
    expect(loadConfig({ DATAHAVEN_LOCK_MINUTES: '5' }).lockMinutes).toBe(5);
  });

  it('refuses a lock duration that is not a whole number of minutes from 1 to a week', () => {
    for (const text of ['0', '-3', '1.5', 'ten', '10081']) {
      expect(() => loadConfig({ DATAHAVEN_LOCK_MINUTES: text })).toThrow(/DATAHAVEN_LOCK_MINUTES/);
    }
  });
});

describe('loadConfig: the listening address', () => {
  it('listens on loopback only unless DATAHAVEN_HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATAHAVEN_HOST: ' ' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATAHAVEN_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATAHAVEN_HOST: '::' }).host).toBe('::');
  });

  it('refuses a host that is not an address', () => {
    for (const text of ['0.0.0.0/8', 'host name', 'a;b']) expect(() => loadConfig({ DATAHAVEN_HOST: text })).toThrow(/DATAHAVEN_HOST/);
  });
});

describe('loadConfig: worker processes', () => {
  const postgres = { DATAHAVEN_DATABASE_URL: 'postgres://db.example/datahaven' };

  it('runs one process unless DATAHAVEN_WORKERS says otherwise; auto is one per core', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATAHAVEN_WORKERS: ' ' }).workers).toBe(1);
    expect(loadConfig({ ...postgres, DATAHAVEN_WORKERS: '4' }).workers).toBe(4);
    expect(loadConfig({ ...postgres, DATAHAVEN_WORKERS: 'auto' }).workers).toBe(Math.min(availableParallelism(), 64));
    // One is always fine, whatever the database.
    expect(loadConfig({ DATAHAVEN_WORKERS: '1', DATAHAVEN_DEMO: '1' }).workers).toBe(1);
  });

  it('refuses a count that is not a whole number from 1 to 64', () => {
    for (const text of ['0', '-2', '1.5', 'many', '65'])
      expect(() => loadConfig({ ...postgres, DATAHAVEN_WORKERS: text })).toThrow(/DATAHAVEN_WORKERS is not/);
  });

  it('refuses several processes on SQLite or with the demo, saying what to change', () => {
    expect(() => loadConfig({ DATAHAVEN_WORKERS: '2' })).toThrow(
      'DATAHAVEN_WORKERS above 1 needs PostgreSQL (DATAHAVEN_DATABASE_URL): SQLite lets one process write at a time.',
    );
    expect(() => loadConfig({ ...postgres, DATAHAVEN_WORKERS: '2', DATAHAVEN_DEMO: '1' })).toThrow(
      'DATAHAVEN_WORKERS above 1 is for deployments: turn the demo off (DATAHAVEN_DEMO=0).',
    );
  });
});

describe('loadConfig: the PostgreSQL schema', () => {
  it('uses the search_path unless DATAHAVEN_DATABASE_SCHEMA names a schema', () => {
    expect(loadConfig({}).databaseSchema).toBeNull();
    expect(
      loadConfig({ DATAHAVEN_DATABASE_URL: 'postgres://db.example/datahaven', DATAHAVEN_DATABASE_SCHEMA: ' documents_2 ' }).databaseSchema,
    ).toBe('documents_2');
  });

  it('refuses a schema without PostgreSQL, and a name that is not a plain identifier', () => {
    expect(() => loadConfig({ DATAHAVEN_DATABASE_SCHEMA: 'documents' })).toThrow(
      'DATAHAVEN_DATABASE_SCHEMA needs PostgreSQL (DATAHAVEN_DATABASE_URL).',
    );
    for (const text of ['Documents', '1st', 'a;drop', 'a b', 'x'.repeat(64), 'pg_documents']) {
      expect(() => loadConfig({ DATAHAVEN_DATABASE_URL: 'postgres://db.example/datahaven', DATAHAVEN_DATABASE_SCHEMA: text })).toThrow(
        /DATAHAVEN_DATABASE_SCHEMA is not a schema name/,
      );
    }
  });
});

describe('loadConfig: the log level', () => {
  it('logs from info (every request) unless DATAHAVEN_LOG_LEVEL says otherwise, and refuses a level pino lacks', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ DATAHAVEN_LOG_LEVEL: ' WARN ' }).logLevel).toBe('warn');
    expect(loadConfig({ DATAHAVEN_LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ DATAHAVEN_LOG_LEVEL: 'verbose' })).toThrow(
      'DATAHAVEN_LOG_LEVEL is not one of fatal, error, warn, info, debug, trace, silent: verbose',
    );
  });
});

describe('loadConfig: the file store', () => {
  const connectionString = 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=a2V5;EndpointSuffix=core.windows.net';

  it('keeps files on the disk unless both blob variables are set', () => {
    expect(loadConfig({}).blobStore).toBeNull();
    expect(
      loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString, DATAHAVEN_BLOB_CONTAINER: 'datahaven-files' }).blobStore,
    ).toEqual({
      connectionString,
      container: 'datahaven-files',
    });
  });

  it('refuses one blob variable without the other, and a container name Azure would refuse', () => {
    expect(() => loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString })).toThrow(/go together/);
    expect(() => loadConfig({ DATAHAVEN_BLOB_CONTAINER: 'datahaven-files' })).toThrow(/go together/);
    for (const container of ['Files', 'ab', 'a--b', '-files', 'files_1']) {
      expect(() => loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString, DATAHAVEN_BLOB_CONTAINER: container })).toThrow(
        /not a valid container name/,
      );
    }
  });
});

describe('the demo ERP and the ERP entity sources', () => {
  const BC = {
    DATAHAVEN_ERP_SOURCES: 'bc',
    DATAHAVEN_ERP_BC_API_URL: 'https://api.businesscentral.dynamics.com/v2.0/contoso/Production/api/v2.0/',
    DATAHAVEN_ERP_BC_TENANT: 'contoso.onmicrosoft.com',
    DATAHAVEN_ERP_BC_CLIENT_ID: 'app-id',
    DATAHAVEN_ERP_BC_CLIENT_SECRET: 'app-secret',
    DATAHAVEN_ERP_BC_COMPANY: 'CRONUS USA, Inc.',
  };

  it('has no demo ERP and no source when the demo is off and nothing is configured', () => {
    const config = loadConfig({});
    expect(config.demoErp).toBeNull();
    expect(config.erpSources).toEqual([]);
  });

  it('points the bc source at the demo ERP on loopback port 3001 in demo mode, with a fresh secret each start', () => {
    const first = loadConfig({ DATAHAVEN_DEMO: '1' });
    expect(first.demoErp).toEqual({ port: 3001, clientId: 'datahaven-demo', clientSecret: expect.stringMatching(/^[\w-]{32}$/) });
    expect(first.erpSources).toEqual([
      {
        prefix: 'bc',
        label: 'Business Central',
        apiUrl: 'http://127.0.0.1:3001/api/v2.0',
        tokenUrl: 'http://127.0.0.1:3001/oauth2/token',
        tenant: 'demo',
        clientId: 'datahaven-demo',
        clientSecret: first.demoErp?.clientSecret,
        scope: 'https://api.businesscentral.dynamics.com/.default',
        company: 'CRONUS',
      },
    ]);
    expect(loadConfig({ DATAHAVEN_DEMO: '1' }).demoErp?.clientSecret).not.toBe(first.demoErp?.clientSecret);
    expect(loadConfig({ DATAHAVEN_DEMO: '1', DATAHAVEN_DEMO_ERP_PORT: '4101' }).erpSources[0].apiUrl).toBe(
      'http://127.0.0.1:4101/api/v2.0',
    );
    for (const port of ['0', 'x', '70000'])
      expect(() => loadConfig({ DATAHAVEN_DEMO: '1', DATAHAVEN_DEMO_ERP_PORT: port })).toThrow(/DATAHAVEN_DEMO_ERP_PORT/);
  });

  it('reads a configured source with Entra ID and Business Central defaults, and keeps it over the demo', () => {
    const [source] = loadConfig({ ...BC, DATAHAVEN_DEMO: '1' }).erpSources;
    expect(source).toEqual({
      prefix: 'bc',
      label: 'Business Central',
      apiUrl: 'https://api.businesscentral.dynamics.com/v2.0/contoso/Production/api/v2.0',
      tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      tenant: 'contoso.onmicrosoft.com',
      clientId: 'app-id',
      clientSecret: 'app-secret',
      scope: 'https://api.businesscentral.dynamics.com/.default',
      company: 'CRONUS USA, Inc.',
    });
  });

  it('names the missing or malformed variable', () => {
    expect(() => loadConfig({ ...BC, DATAHAVEN_ERP_BC_CLIENT_SECRET: '' })).toThrow(/DATAHAVEN_ERP_BC_CLIENT_SECRET is required/);
    expect(() => loadConfig({ ...BC, DATAHAVEN_ERP_BC_API_URL: 'https://user:pw@erp.example/api' })).toThrow(
      /DATAHAVEN_ERP_BC_API_URL must be a plain/,
    );
    expect(() => loadConfig({ ...BC, DATAHAVEN_ERP_SOURCES: 'bc, f-o' })).toThrow(/invalid prefix/);
  });
});

describe('loadConfig: the PostgreSQL connections', () => {
  it('opens at most 10 unless DATAHAVEN_DATABASE_CONNECTIONS says otherwise', () => {
    expect(loadConfig({}).databaseConnections).toBe(10);
    expect(loadConfig({ DATAHAVEN_DATABASE_CONNECTIONS: ' ' }).databaseConnections).toBe(10);
    expect(loadConfig({ DATAHAVEN_DATABASE_CONNECTIONS: '24' }).databaseConnections).toBe(24);
  });

  it('refuses a number of connections that is not a whole number from 1 to 1000', () => {
    for (const text of ['0', '-1', '2.5', 'lots', '1001'])
      expect(() => loadConfig({ DATAHAVEN_DATABASE_CONNECTIONS: text })).toThrow(/DATAHAVEN_DATABASE_CONNECTIONS is not/);
  });
});

describe('loadConfig: the rate limits', () => {
  it('allows 600 token, 60 API-key and 1200 upload requests a minute per caller unless DATAHAVEN_RATE_LIMIT_* say otherwise; 0 is no limit', () => {
    expect(loadConfig({}).rateLimits).toEqual({ token: 600, keys: 60, uploads: 1200 });
    expect(
      loadConfig({ DATAHAVEN_RATE_LIMIT_TOKEN: '30', DATAHAVEN_RATE_LIMIT_KEYS: ' ', DATAHAVEN_RATE_LIMIT_UPLOADS: '0' }).rateLimits,
    ).toEqual({ token: 30, keys: 60, uploads: 0 });
  });

  it('refuses a limit that is not a whole number of requests from 0 to a million', () => {
    for (const text of ['-1', '2.5', 'many', '1000001'])
      expect(() => loadConfig({ DATAHAVEN_RATE_LIMIT_UPLOADS: text })).toThrow(
        /DATAHAVEN_RATE_LIMIT_UPLOADS is not a number of requests a minute/,
      );
  });
});

describe('loadConfig: the trusted reverse proxies', () => {
  it('trusts no proxy unless DATAHAVEN_TRUSTED_PROXIES names addresses or CIDR ranges', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ DATAHAVEN_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses what is not an address or a CIDR range, in words', () => {
    for (const text of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '*'])
      expect(() => loadConfig({ DATAHAVEN_TRUSTED_PROXIES: text })).toThrow(/DATAHAVEN_TRUSTED_PROXIES lists addresses or CIDR ranges/);
  });
});
