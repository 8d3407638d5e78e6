import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { HEAD_BYTES } from './FileStore';
import type { ByteRange, FileStore, PutOptions, StoredFile } from './FileStore';
import { writerThroughPut } from './writerThroughPut';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './privateModes';
import { FileTooLargeError } from './FileTooLargeError';
import { InvalidFileKeyError } from './InvalidFileKeyError';

const KEY_PATTERN = /^[0-9a-f]{64}$/;
const SHARD_PATTERN = /^[0-9a-f]{2}$/;
const TMP_DIR = 'tmp';

/** Whether `key` has the shape of a storage key (64 lower-case hex characters). */
export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function assertKey(key: string): void {
  if (!isFileKey(key)) throw new InvalidFileKeyError();
}

function isNotFound(error: unknown): boolean {
  // Not `instanceof Error`: errors from node's fs may come from another realm (jest, workers).
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** Makes a rename durable: the directory entry itself must reach the disk, not only the data. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('File source produced a non-binary chunk.');
}

/** The disk store: a `FileStore` whose files also have a path of their own (for its own tests and tools). */
export interface DiskFileStore extends FileStore {
  /** Absolute path of the file; only the disk store has one, so nothing outside it may rely on paths. */
  pathOf(key: string): string;
}

/** A `FileStore` on the local disk under `rootDir` (`rootDir/ab/cd/<sha256>`, temp files in `rootDir/tmp`). */
export function createDiskFileStore(rootDir: string): DiskFileStore {
  const root = resolve(rootDir);
  const tmpDir = join(root, TMP_DIR);

  const pathOf = (key: string): string => {
    assertKey(key);
    return join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  const put = async (source: Readable, options: PutOptions): Promise<StoredFile> => {
    await mkdir(tmpDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const tmpPath = join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const headParts: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    // 0600 whatever the umask: the rename keeps it, so no stored file is readable by other users.
    const handle = await open(tmpPath, 'wx', PRIVATE_FILE_MODE);
    let closed = false;
    try {
      for await (const raw of source) {
        const chunk = toBuffer(raw);
        size += chunk.length;
        if (size > options.maxBytes) {
          source.destroy();
          throw new FileTooLargeError(options.maxBytes);
        }
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          headParts.push(Buffer.from(part));
          headLength += part.length;
        }
        await writeFully(handle, chunk);
      }
      await handle.sync();
      await handle.close();
      closed = true;
      const key = hash.digest('hex');
      const finalPath = pathOf(key);
      const finalDir = join(root, key.slice(0, 2), key.slice(2, 4));
      await mkdir(finalDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      if (await exists(finalPath)) {
        // Same content already stored: keep it, but refresh its time so a concurrent orphan
        // sweep treats it as new until the caller's row is committed.
        const now = new Date();
        await utimes(finalPath, now, now);
        await rm(tmpPath, { force: true });
      } else {
        await rename(tmpPath, finalPath);
        await syncDirectory(finalDir);
      }
      return { key, size, head: Buffer.concat(headParts, headLength) };
    } catch (error) {
      if (!closed) await handle.close().catch(() => undefined);
      await rm(tmpPath, { force: true });
      throw error;
    }
  };

  const sweepDirectory = async (
    dir: string,
    depth: number,
    cutoff: number,
    isKnown: (key: string) => Promise<boolean>,
  ): Promise<number> => {
    let removed = 0;
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (depth < 2) {
        if (entry.isDirectory() && SHARD_PATTERN.test(entry.name)) {
          removed += await sweepDirectory(path, depth + 1, cutoff, isKnown);
        }
        continue;
      }
      if (!entry.isFile() || !isFileKey(entry.name)) continue;
      const info = await stat(path).catch(() => null);
      if (info === null || info.mtimeMs > cutoff) continue;
      if (await isKnown(entry.name)) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  };

  return {
    put,
    putBuffer: (data: Buffer) => put(Readable.from([data]), { maxBytes: Number.POSITIVE_INFINITY }),
    openWrite: (options: PutOptions) => writerThroughPut(put, options),
    async openRead(key: string, range?: ByteRange): Promise<Readable> {
      const path = pathOf(key);
      if (
        range !== undefined &&
        (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start)
      ) {
        throw new RangeError('Invalid byte range.');
      }
      // Opened before resolving, so a missing file rejects here (ENOENT) rather than mid-response.
      const handle = await open(path, 'r');
      return handle.createReadStream(range === undefined ? {} : { start: range.start, end: range.end });
    },
    async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
      return fn(pathOf(key));
    },
    async size(key: string): Promise<number> {
      return (await stat(pathOf(key))).size;
    },
    async has(key: string): Promise<boolean> {
      return exists(pathOf(key));
    },
    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },
    pathOf,
    async sweepOrphans(isKnown: (key: string) => Promise<boolean>, graceMs: number): Promise<number> {
      const cutoff = Date.now() - graceMs;
      let removed = 0;
      const temps = await readdir(tmpDir).catch((error: unknown) => {
        if (isNotFound(error)) return [];
        throw error;
      });
      for (const name of temps) {
        const path = join(tmpDir, name);
        const info = await stat(path).catch(() => null);
        if (info === null || info.mtimeMs > cutoff) continue;
        await rm(path, { force: true, recursive: true });
        removed += 1;
      }
      removed += await sweepDirectory(root, 0, cutoff, isKnown);
      return removed;
    },
  };
}
