import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createDiskFileStore } from './diskFileStore';
import type { DiskFileStore } from './diskFileStore';
import { FileTooLargeError } from './FileTooLargeError';
import { waitFor } from '../test/waitFor';
import { InvalidFileKeyError } from './InvalidFileKeyError';

let root: string;
let store: DiskFileStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dh-store-'));
  store = createDiskFileStore(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** A source that yields `chunks` chunks of `chunkSize` bytes, one per tick, like a network body. */
function slowSource(chunks: number, chunkSize: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === chunks) {
        this.push(null);
        return;
      }
      sent += 1;
      setImmediate(() => this.push(Buffer.alloc(chunkSize, sent % 251)));
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('createDiskFileStore', () => {
  test('put stores content under its SHA-256 in ab/cd shards and returns size and head', async () => {
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_000, 7)]);
    const stored = await store.put(Readable.from([body.subarray(0, 3000), body.subarray(3000)]), { maxBytes: 1_000_000 });
    expect(stored.key).toBe(sha256(body));
    expect(stored.size).toBe(body.length);
    expect(stored.head).toEqual(body.subarray(0, 4096));
    expect(store.pathOf(stored.key)).toBe(join(root, stored.key.slice(0, 2), stored.key.slice(2, 4), stored.key));
    expect(await readFile(store.pathOf(stored.key))).toEqual(body);
    expect(await store.has(stored.key)).toBe(true);
    expect(await store.size(stored.key)).toBe(body.length);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  test('a short file has a short head', async () => {
    const stored = await store.put(Readable.from([Buffer.from('hello')]), { maxBytes: 100 });
    expect(stored.head.toString()).toBe('hello');
    expect(stored.size).toBe(5);
  });

  test('the same content twice is stored once', async () => {
    const a = await store.put(Readable.from([Buffer.from('same bytes')]), { maxBytes: 100 });
    const b = await store.putBuffer(Buffer.from('same bytes'));
    expect(b.key).toBe(a.key);
    const files = await filesUnder(root);
    expect(files).toEqual([store.pathOf(a.key)]);
  });

  test('exactly maxBytes is accepted; one byte more throws FileTooLargeError and leaves nothing', async () => {
    await expect(store.put(Readable.from([Buffer.alloc(64)]), { maxBytes: 64 })).resolves.toMatchObject({ size: 64 });
    const source = slowSource(100, 1024);
    await expect(store.put(source, { maxBytes: 50 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    expect(await filesUnder(root)).toHaveLength(1);
  });

  test('a source that fails mid-stream (client abort) removes the temp file and rethrows', async () => {
    const source = new PassThrough();
    const pending = store.put(source, { maxBytes: 1_000_000 });
    source.write(Buffer.alloc(5000, 1));
    const temps = await waitFor(() => readdir(join(root, 'tmp')).catch((): string[] => []), {
      until: (names) => names.length > 0,
      what: 'the temp file of the upload',
    });
    expect(temps).toHaveLength(1);
    source.destroy(new Error('aborted'));
    await expect(pending).rejects.toThrow('aborted');
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    expect(await filesUnder(root)).toEqual([]);
  });

  test('a large upload is streamed, never buffered whole', async () => {
    // Before sending its last chunk the source waits until most of what it sent is in the temp
    // file on disk. A store that buffered the whole body before writing would never get there.
    // (Measuring process memory instead proved flaky: it depends on when the GC runs.)
    const chunkSize = 256 * 1024;
    const chunks = 400;
    const tempBytes = async (): Promise<number> => {
      const names = await readdir(join(root, 'tmp')).catch(() => []);
      const sizes = await Promise.all(names.map(async (name) => (await stat(join(root, 'tmp', name)).catch(() => ({ size: 0 }))).size));
      return sizes.reduce((sum, size) => sum + size, 0);
    };
    async function* source(): AsyncGenerator<Buffer> {
      for (let sent = 0; sent < chunks - 1; sent += 1) yield Buffer.alloc(chunkSize, sent % 251);
      await waitFor(tempBytes, {
        until: (bytes) => bytes >= ((chunks - 1) * chunkSize) / 2,
        what: 'half the body in the temp file before its end (a store that buffers uploads never gets there)',
      });
      yield Buffer.alloc(chunkSize, 7);
    }
    const stored = await store.put(Readable.from(source()), { maxBytes: 200 * 1024 * 1024 });
    expect(stored.size).toBe(chunks * chunkSize);
  });

  test('openRead reads whole files and inclusive ranges', async () => {
    const stored = await store.putBuffer(Buffer.from('0123456789'));
    expect(await text(await store.openRead(stored.key))).toBe('0123456789');
    expect(await text(await store.openRead(stored.key, { start: 2, end: 5 }))).toBe('2345');
    await expect(store.openRead(stored.key, { start: 5, end: 2 })).rejects.toBeInstanceOf(RangeError);
    await store.remove(stored.key);
    await expect(store.openRead(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('openWrite stores what is written, as put does; an error destroys it and keeps nothing', async () => {
    const writer = store.openWrite({ maxBytes: 100 });
    writer.stream.write('written ');
    writer.stream.end('bytes');
    const stored = await writer.stored;
    expect(stored.key).toBe(sha256('written bytes'));
    expect(await readFile(store.pathOf(stored.key), 'utf8')).toBe('written bytes');
    const failing = store.openWrite({ maxBytes: 100 });
    failing.stream.write('half');
    failing.stream.destroy(new Error('producer failed'));
    await expect(failing.stored).rejects.toThrow('producer failed');
    expect(await filesUnder(root)).toEqual([store.pathOf(stored.key)]);
  });

  test('withLocalFile hands the stored file itself to the tool, which reads it by path', async () => {
    const stored = await store.putBuffer(Buffer.from('by path'));
    expect(await store.withLocalFile(stored.key, (path) => readFile(path, 'utf8'))).toBe('by path');
  });

  test('keys other than 64 lower-case hex characters are refused everywhere (no path traversal)', async () => {
    const bad = ['../../etc/passwd', '%2e%2e%2f', 'a'.repeat(63), 'A'.repeat(64), `${'a'.repeat(62)}/.`, `../${'a'.repeat(61)}`];
    for (const key of bad) {
      expect(() => store.pathOf(key)).toThrow(InvalidFileKeyError);
      await expect(store.openRead(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.withLocalFile(key, async (path) => path)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.has(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.size(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.remove(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
  });

  test('remove deletes; has and size see it gone', async () => {
    const stored = await store.putBuffer(Buffer.from('bye'));
    await store.remove(stored.key);
    expect(await store.has(stored.key)).toBe(false);
    await expect(store.size(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.remove(stored.key)).resolves.toBeUndefined();
  });

  test('sweepOrphans removes old temp files and old unreferenced files, keeps the rest', async () => {
    const old = new Date(Date.now() - 2 * 3600_000);
    const kept = await store.putBuffer(Buffer.from('referenced'));
    const orphan = await store.putBuffer(Buffer.from('orphan'));
    const young = await store.putBuffer(Buffer.from('young orphan'));
    await utimes(store.pathOf(kept.key), old, old);
    await utimes(store.pathOf(orphan.key), old, old);
    await mkdir(join(root, 'tmp'), { recursive: true });
    await writeFile(join(root, 'tmp', 'stale.part'), 'x');
    await utimes(join(root, 'tmp', 'stale.part'), old, old);
    await writeFile(join(root, 'tmp', 'live.part'), 'x');
    const asked: string[] = [];
    const removed = await store.sweepOrphans(async (key) => {
      asked.push(key);
      return key === kept.key;
    }, 3600_000);
    expect(removed).toBe(2);
    expect(await store.has(kept.key)).toBe(true);
    expect(await store.has(orphan.key)).toBe(false);
    expect(await store.has(young.key)).toBe(true);
    expect(await readdir(join(root, 'tmp'))).toEqual(['live.part']);
    expect(asked.sort()).toEqual([kept.key, orphan.key].sort());
  });

  test('storing content again refreshes its time so the sweep does not take it before the row commits', async () => {
    const old = new Date(Date.now() - 2 * 3600_000);
    const first = await store.putBuffer(Buffer.from('reuploaded'));
    await utimes(store.pathOf(first.key), old, old);
    await store.putBuffer(Buffer.from('reuploaded'));
    expect((await stat(store.pathOf(first.key))).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.sweepOrphans(async () => false, 3600_000)).toBe(0);
  });
});
