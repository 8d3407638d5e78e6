import { createHash, randomUUID } from 'node:crypto';
import { chmod, open, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BlobServiceClient, RestError } from '@azure/storage-blob';
import type { BlockBlobClient, ContainerClient } from '@azure/storage-blob';
import { isFileKey } from './diskFileStore';
import { HEAD_BYTES } from './FileStore';
import type { ByteRange, FileStore, PutOptions, StoredFile } from './FileStore';
import { FileTooLargeError } from './FileTooLargeError';
import { PRIVATE_FILE_MODE } from './privateModes';
import { InvalidFileKeyError } from './InvalidFileKeyError';
import { LocalFileCache } from './LocalFileCache';
import { writerThroughPut } from './writerThroughPut';

/** Where the blob store keeps its files. */
export interface AzureBlobTarget {
  /** An Azure Storage connection string (DATAHAVEN_BLOB_CONNECTION_STRING). */
  connectionString: string;
  /** The container (DATAHAVEN_BLOB_CONTAINER); created when missing. */
  container: string;
}

/** Options of the blob store. */
export interface AzureBlobOptions {
  /** Local folder for the copies path-only tools read (emptied on open; the data folder's `blob-cache`). */
  cacheDir: string;
  /** Most bytes of local copies kept while unused (default 1 GiB); tests use 0 to see copies go. */
  cacheBytes?: number;
  /** Bytes per staged block (default 4 MiB): the most of an upload held in memory at once (tests shrink it). */
  blockBytes?: number;
}

const DEFAULT_BLOCK_BYTES = 4 * 1024 * 1024;
const DEFAULT_CACHE_BYTES = 1024 * 1024 * 1024;
const FILES_PREFIX = 'files/';
const TMP_PREFIX = 'tmp/';

function assertKey(key: string): void {
  if (!isFileKey(key)) throw new InvalidFileKeyError();
}

function blobNameOf(key: string): string {
  assertKey(key);
  return `${FILES_PREFIX}${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
}

function isMissing(error: unknown): boolean {
  return error instanceof RestError && error.statusCode === 404;
}

/** A missing blob reported the way the disk store reports a missing file, so callers handle both alike. */
function notFound(key: string): Error {
  return Object.assign(new Error(`ENOENT: no stored file ${key}`), { code: 'ENOENT' });
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('File source produced a non-binary chunk.');
}

async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** Block ids must all have the same length within a blob: a zero-padded counter, base64. */
function blockId(index: number): string {
  return Buffer.from(index.toString().padStart(8, '0')).toString('base64');
}

/**
 * A `FileStore` on Azure Blob Storage (one container; content-addressed blobs
 * `files/ab/cd/<sha256>`). Uploads are streamed: the bytes are hashed as they arrive and sent as
 * staged blocks of `blockBytes`, so no more than one block is ever in memory. A file that fits in
 * one block is written straight to its content name; a larger one is staged as a temp blob
 * (`tmp/<uuid>`), committed, then copied server-side to its content name once its hash is known
 * (the name is the hash), and the temp blob deleted. The file is durable when `put` resolves
 * (Azure acknowledges commits only once stored). Ranges are served by ranged downloads. Tools
 * that need a path read a local copy (`withLocalFile`) from a bounded LocalFileCache: `put`
 * writes one while the bytes pass, so the upload's checks and its jobs read the file without
 * downloading it again; others are downloaded on first use and evicted least recently used.
 */
export async function openAzureBlobFileStore(target: AzureBlobTarget, options: AzureBlobOptions): Promise<FileStore> {
  const container: ContainerClient = BlobServiceClient.fromConnectionString(target.connectionString).getContainerClient(target.container);
  await container.createIfNotExists();
  const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  const cache = new LocalFileCache(options.cacheDir, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const blobOf = (key: string): BlockBlobClient => container.getBlockBlobClient(blobNameOf(key));

  /** Deletes a temp blob, committed or not (an uncommitted one must be committed empty to be deleted). */
  const dropTemp = async (temp: BlockBlobClient, staged: boolean): Promise<void> => {
    try {
      if (staged) await temp.commitBlockList([]).catch(() => undefined);
      await temp.deleteIfExists();
    } catch {
      // Left for the orphan sweep, which removes old temp blobs.
    }
  };

  /** Stores `data` under its content name unless already there; refreshes the existing blob's time so a running sweep keeps it. */
  const placeSmall = async (key: string, data: Buffer): Promise<void> => {
    const blob = blobOf(key);
    if (await blob.exists()) {
      await blob.setMetadata({ refreshed: new Date().toISOString() });
      return;
    }
    await blob.uploadData(data);
  };

  const put = async (source: Readable, putOptions: PutOptions): Promise<StoredFile> => {
    const hash = createHash('sha256');
    const headParts: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingLength = 0;
    const blockIds: string[] = [];
    let temp: BlockBlobClient | null = null;
    // The local copy written alongside: adopted by the cache once the key is known.
    const localPath = await cache.tempPath();
    const local = await open(localPath, 'wx', PRIVATE_FILE_MODE);
    let localClosed = false;
    const stage = async (): Promise<void> => {
      temp ??= container.getBlockBlobClient(`${TMP_PREFIX}${randomUUID()}`);
      const block = Buffer.concat(pending, pendingLength);
      pending = [];
      pendingLength = 0;
      const id = blockId(blockIds.length);
      await temp.stageBlock(id, block, block.length);
      blockIds.push(id);
    };
    try {
      for await (const raw of source) {
        const chunk = toBuffer(raw);
        size += chunk.length;
        if (size > putOptions.maxBytes) {
          source.destroy();
          throw new FileTooLargeError(putOptions.maxBytes);
        }
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          headParts.push(Buffer.from(part));
          headLength += part.length;
        }
        pending.push(chunk);
        pendingLength += chunk.length;
        await writeFully(local, chunk);
        if (pendingLength >= blockBytes) await stage();
      }
      await local.close();
      localClosed = true;
      const key = hash.digest('hex');
      const head = Buffer.concat(headParts, headLength);
      if (temp === null) {
        await placeSmall(key, Buffer.concat(pending, pendingLength));
        await cache.adopt(key, localPath, size);
        return { key, size, head };
      }
      if (pendingLength > 0) await stage();
      const staged: BlockBlobClient = temp;
      await staged.commitBlockList(blockIds);
      const blob = blobOf(key);
      if (await blob.exists()) {
        await blob.setMetadata({ refreshed: new Date().toISOString() });
      } else {
        const copy = await blob.beginCopyFromURL(staged.url);
        await copy.pollUntilDone();
      }
      await staged.deleteIfExists();
      await cache.adopt(key, localPath, size);
      return { key, size, head };
    } catch (error) {
      if (!localClosed) await local.close().catch(() => undefined);
      await rm(localPath, { force: true });
      if (temp !== null) await dropTemp(temp, blockIds.length > 0);
      throw error;
    }
  };

  return {
    put,
    putBuffer: (data: Buffer) => put(Readable.from([data]), { maxBytes: Number.POSITIVE_INFINITY }),
    openWrite: (putOptions: PutOptions) => writerThroughPut(put, putOptions),
    async openRead(key: string, range?: ByteRange): Promise<Readable> {
      const blob = blobOf(key);
      if (
        range !== undefined &&
        (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start)
      ) {
        throw new RangeError('Invalid byte range.');
      }
      try {
        const response = range === undefined ? await blob.download() : await blob.download(range.start, range.end - range.start + 1);
        const body = response.readableStreamBody;
        if (body === undefined) throw new Error(`The blob store sent no body for ${key}.`);
        return body instanceof Readable ? body : Readable.from(body);
      } catch (error) {
        if (isMissing(error)) throw notFound(key);
        throw error;
      }
    },
    async size(key: string): Promise<number> {
      try {
        return (await blobOf(key).getProperties()).contentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) throw notFound(key);
        throw error;
      }
    },
    async has(key: string): Promise<boolean> {
      return blobOf(key).exists();
    },
    async remove(key: string): Promise<void> {
      await blobOf(key).deleteIfExists();
      await cache.forget(key);
    },
    async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
      const blob = blobOf(key);
      const download = async (path: string): Promise<number> => {
        try {
          const size = (await blob.downloadToFile(path)).contentLength ?? 0;
          // The SDK creates the file with the umask's mode.
          await chmod(path, PRIVATE_FILE_MODE);
          return size;
        } catch (error) {
          if (isMissing(error)) throw notFound(key);
          throw error;
        }
      };
      return cache.use(key, download, fn);
    },
    async sweepOrphans(isKnown: (key: string) => Promise<boolean>, graceMs: number): Promise<number> {
      const cutoff = Date.now() - graceMs;
      let removed = 0;
      for await (const item of container.listBlobsFlat({ prefix: TMP_PREFIX, includeUncommitedBlobs: true })) {
        if (item.properties.lastModified.getTime() > cutoff) continue;
        const temp = container.getBlockBlobClient(item.name);
        await dropTemp(temp, true);
        removed += 1;
      }
      for await (const item of container.listBlobsFlat({ prefix: FILES_PREFIX })) {
        const key = item.name.slice(item.name.lastIndexOf('/') + 1);
        if (!isFileKey(key) || item.name !== blobNameOf(key)) continue;
        if (item.properties.lastModified.getTime() > cutoff) continue;
        if (await isKnown(key)) continue;
        await container.getBlockBlobClient(item.name).deleteIfExists();
        await cache.forget(key);
        removed += 1;
      }
      return removed;
    },
  };
}
