import { loadConfig } from './config';

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

describe('loadConfig: the file store', () => {
  const connectionString = 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=a2V5;EndpointSuffix=core.windows.net';

  it('keeps files on the disk unless both blob variables are set', () => {
    expect(loadConfig({}).blobStore).toBeNull();
    expect(loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString, DATAHAVEN_BLOB_CONTAINER: 'datahaven-files' }).blobStore).toEqual({
      connectionString,
      container: 'datahaven-files',
    });
  });

  it('refuses one blob variable without the other, and a container name Azure would refuse', () => {
    expect(() => loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString })).toThrow(/go together/);
    expect(() => loadConfig({ DATAHAVEN_BLOB_CONTAINER: 'datahaven-files' })).toThrow(/go together/);
    for (const container of ['Files', 'ab', 'a--b', '-files', 'files_1']) {
      expect(() => loadConfig({ DATAHAVEN_BLOB_CONNECTION_STRING: connectionString, DATAHAVEN_BLOB_CONTAINER: container })).toThrow(/not a valid container name/);
    }
  });
});
