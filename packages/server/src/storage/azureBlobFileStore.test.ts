import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { BlobServiceClient } from '@azure/storage-blob';
import type { ContainerClient } from '@azure/storage-blob';
import { describeNeeding } from '../test/describeNeeding';
import { startAzurite } from '../test/startAzurite';
import { AZURITE } from '../test/testRequirements';
import { waitFor } from '../test/waitFor';
import type { Azurite } from '../test/startAzurite';
import { openAzureBlobFileStore } from './azureBlobFileStore';
import type { FileStore } from './FileStore';
import { FileTooLargeError } from './FileTooLargeError';
import { InvalidFileKeyError } from './InvalidFileKeyError';

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const BLOCK = 64 * 1024;

let azurite: Azurite | null = null;
let connectionString: string;
let container: ContainerClient;
let store: FileStore;
let cacheDir: string;

beforeAll(async () => {
  // The run's Azurite when the suite runs with the blob store selected, else one of its own.
  const shared = process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING;
  if (shared) {
    connectionString = shared;
  } else {
    azurite = await startAzurite();
    connectionString = azurite.connectionString;
  }
});

afterAll(async () => {
  await azurite?.stop();
});

beforeEach(async () => {
  const name = `store-${randomBytes(6).toString('hex')}`;
  container = BlobServiceClient.fromConnectionString(connectionString).getContainerClient(name);
  cacheDir = await mkdtemp(join(tmpdir(), 'dh-blob-cache-'));
  // Small blocks, so a few hundred kilobytes already take the staged, multi-block path.
  store = await openAzureBlobFileStore({ connectionString, container: name }, { blockBytes: BLOCK, cacheDir: join(cacheDir, 'a') });
});

afterEach(async () => {
  await container.deleteIfExists();
  await rm(cacheDir, { recursive: true, force: true });
});

/** Another store on the same container, with a local cache of its own (as another server instance has). */
function otherInstance(cacheBytes?: number): Promise<FileStore> {
  return openAzureBlobFileStore(
    { connectionString, container: container.containerName },
    { blockBytes: BLOCK, cacheDir: join(cacheDir, `b-${randomBytes(3).toString('hex')}`), cacheBytes },
  );
}

async function blobNames(options: { uncommitted?: boolean } = {}): Promise<string[]> {
  const names: string[] = [];
  for await (const item of container.listBlobsFlat({ includeUncommitedBlobs: options.uncommitted ?? false })) names.push(item.name);
  return names.sort();
}

/** Whether blocks are staged on a temp blob (an upload under way). */
async function stagedTempBlob(): Promise<boolean> {
  return (await blobNames({ uncommitted: true })).some((name) => name.startsWith('tmp/'));
}

describeNeeding(AZURITE)('openAzureBlobFileStore (against Azurite)', () => {
  test('creates its container, stores small content under its SHA-256 and reads it back', async () => {
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_000, 7)]);
    const stored = await store.put(Readable.from([body.subarray(0, 3000), body.subarray(3000)]), { maxBytes: 1_000_000 });
    expect(stored).toEqual({ key: sha256(body), size: body.length, head: body.subarray(0, 4096) });
    expect(await blobNames()).toEqual([`files/${stored.key.slice(0, 2)}/${stored.key.slice(2, 4)}/${stored.key}`]);
    expect(await store.has(stored.key)).toBe(true);
    expect(await store.size(stored.key)).toBe(body.length);
    expect(await buffer(await store.openRead(stored.key))).toEqual(body);
  });

  test('a file of many blocks is staged block by block while it arrives, then lands under its hash with no temp blob left', async () => {
    const chunks = 20;
    const chunk = (index: number): Buffer => Buffer.alloc(BLOCK / 2 + 17, index % 251);
    const whole = Buffer.concat(Array.from({ length: chunks }, (_, index) => chunk(index)));
    // Before its last chunk the source waits until blocks are staged on a temp blob in the store:
    // a store that buffered the whole body before sending would never get there.
    async function* source(): AsyncGenerator<Buffer> {
      for (let index = 0; index < chunks - 1; index += 1) yield chunk(index);
      await waitFor(stagedTempBlob, { what: 'blocks staged on a temp blob before the body ended (a store that buffers never gets there)' });
      yield chunk(chunks - 1);
    }
    const stored = await store.put(Readable.from(source()), { maxBytes: 10 * 1024 * 1024 });
    expect(stored.key).toBe(sha256(whole));
    expect(stored.size).toBe(whole.length);
    expect(await blobNames({ uncommitted: true })).toEqual([`files/${stored.key.slice(0, 2)}/${stored.key.slice(2, 4)}/${stored.key}`]);
    expect(await text(await store.openRead(stored.key, { start: BLOCK - 3, end: BLOCK + 2 }))).toBe(
      whole.subarray(BLOCK - 3, BLOCK + 3).toString(),
    );
    const again = await store.putBuffer(whole);
    expect(again.key).toBe(stored.key);
    expect(await blobNames({ uncommitted: true })).toHaveLength(1);
  });

  test('over maxBytes: FileTooLargeError, the source destroyed, nothing kept (staged blocks included)', async () => {
    const source = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(BLOCK, 3)));
    await expect(store.put(source, { maxBytes: 5 * BLOCK })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await blobNames({ uncommitted: true })).toEqual([]);
  });

  test('a source that fails mid-stream leaves nothing behind and rethrows', async () => {
    const source = new PassThrough();
    const pending = store.put(source, { maxBytes: 10 * 1024 * 1024 });
    source.write(Buffer.alloc(3 * BLOCK, 1));
    expect(await waitFor(stagedTempBlob, { what: 'blocks staged on a temp blob' })).toBe(true);
    source.destroy(new Error('aborted'));
    await expect(pending).rejects.toThrow('aborted');
    expect(await blobNames({ uncommitted: true })).toEqual([]);
  });

  test('openWrite stores what is written', async () => {
    const writer = store.openWrite({ maxBytes: 100 });
    writer.stream.write('written ');
    writer.stream.end('bytes');
    const stored = await writer.stored;
    expect(stored.key).toBe(sha256('written bytes'));
    expect(await text(await store.openRead(stored.key))).toBe('written bytes');
  });

  test('ranges, and a missing file rejects with ENOENT like the disk store', async () => {
    const stored = await store.putBuffer(Buffer.from('0123456789'));
    expect(await text(await store.openRead(stored.key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await store.openRead(stored.key, { start: 9, end: 9 }))).toBe('9');
    await expect(store.openRead(stored.key, { start: 5, end: 2 })).rejects.toBeInstanceOf(RangeError);
    await store.remove(stored.key);
    expect(await store.has(stored.key)).toBe(false);
    await expect(store.openRead(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.size(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.withLocalFile(stored.key, async () => 'never')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.remove(stored.key)).resolves.toBeUndefined();
  });

  test('withLocalFile reads the local copy put wrote while the bytes passed: no second download', async () => {
    const body = Buffer.alloc(3 * BLOCK + 5, 9);
    const stored = await store.putBuffer(body);
    // Gone from Azure, the upload's own checks and jobs on this instance still read their copy.
    await container.getBlockBlobClient(`files/${stored.key.slice(0, 2)}/${stored.key.slice(2, 4)}/${stored.key}`).delete();
    expect(await store.withLocalFile(stored.key, (path) => readFile(path))).toEqual(body);
    // Another instance has no copy, so it downloads, and finds nothing.
    await expect((await otherInstance()).withLocalFile(stored.key, async () => 'never')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('withLocalFile downloads a file it has no copy of; with no room to keep it the copy goes after use, also when the tool fails', async () => {
    const stored = await store.putBuffer(Buffer.from('by path'));
    const other = await otherInstance(0);
    let seen = '';
    expect(
      await other.withLocalFile(stored.key, async (path) => {
        seen = path;
        return readFile(path, 'utf8');
      }),
    ).toBe('by path');
    await expect(readFile(seen)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(other.withLocalFile(stored.key, async () => Promise.reject(new Error('tool failed')))).rejects.toThrow('tool failed');
    // Two tools at once share one copy, which stays until the last is done.
    const paths = await Promise.all(
      [1, 2].map(() => other.withLocalFile(stored.key, async (path) => ({ path, text: await readFile(path, 'utf8') }))),
    );
    expect(paths.map((entry) => entry.text)).toEqual(['by path', 'by path']);
    expect(new Set(paths.map((entry) => entry.path)).size).toBe(1);
    const left = (await readdir(cacheDir, { recursive: true, withFileTypes: true })).filter(
      (entry) => entry.isFile() && entry.parentPath !== join(cacheDir, 'a'),
    );
    expect(left).toEqual([]);
  });

  test('remove drops the local copy too', async () => {
    const stored = await store.putBuffer(Buffer.from('removed'));
    await store.remove(stored.key);
    await expect(store.withLocalFile(stored.key, async () => 'never')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('keys other than 64 lower-case hex characters are refused everywhere', async () => {
    for (const key of ['../../etc/passwd', 'a'.repeat(63), 'A'.repeat(64), `files/${'a'.repeat(58)}`]) {
      await expect(store.openRead(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.has(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.size(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.remove(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.withLocalFile(key, async (path) => path)).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
  });

  test('sweepOrphans removes stale temp blobs and unknown files past the grace, keeps known and young ones', async () => {
    const kept = await store.putBuffer(Buffer.from('referenced'));
    const orphan = await store.putBuffer(Buffer.from('orphan'));
    await container.getBlockBlobClient('tmp/left-by-a-crash').uploadData(Buffer.from('partial'));
    // A grace of an hour: everything is young, nothing goes.
    expect(await store.sweepOrphans(async () => false, 3600_000)).toBe(0);
    // A grace reaching into the future makes every blob "old" without waiting for real time.
    const asked: string[] = [];
    const removed = await store.sweepOrphans(async (key) => {
      asked.push(key);
      return key === kept.key;
    }, -3600_000);
    expect(removed).toBe(2);
    expect(asked.sort()).toEqual([kept.key, orphan.key].sort());
    expect(await store.has(kept.key)).toBe(true);
    expect(await store.has(orphan.key)).toBe(false);
    expect(await blobNames({ uncommitted: true })).toEqual([`files/${kept.key.slice(0, 2)}/${kept.key.slice(2, 4)}/${kept.key}`]);
  });
});
