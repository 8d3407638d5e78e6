import type { Readable, Writable } from 'node:stream';

/** Number of leading bytes kept in `StoredFile.head` for signature sniffing. */
export const HEAD_BYTES = 4096;

/** The result of storing a file: its content key (lower-case SHA-256 hex), size and first bytes. */
export interface StoredFile {
  /** Lower-case hex SHA-256 of the content; the only name the file has on disk. */
  key: string;
  /** Size in bytes. */
  size: number;
  /** The first `HEAD_BYTES` bytes (fewer for short files), for `sniffFileType`. */
  head: Buffer;
}

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  /** First byte, 0-based. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** Options of `FileStore.put`. */
export interface PutOptions {
  /** Refuse (with `FileTooLargeError`) once more than this many bytes arrive. */
  maxBytes: number;
}

/** A write stream into the store: write the bytes to `stream`, end it, then await `stored`. */
export interface FileWriter {
  /** Where the bytes go; destroying it with an error abandons the file (nothing is kept). */
  stream: Writable;
  /** Resolves once the file is durable (as `put` does); rejects as `put` would. */
  stored: Promise<StoredFile>;
}

/**
 * Content-addressed file storage. Keys are always 64 lower-case hex characters computed by the
 * store; any other key is refused with `InvalidFileKeyError`, so no user-supplied text ever
 * becomes a path (SECURITY.md row 8).
 */
export interface FileStore {
  /**
   * Streams `source` to a temp file while hashing, fsyncs and renames it to its content path
   * (dedupes when the content is already stored). The file is durable when this resolves, so a
   * caller can commit its database row afterwards. Past `maxBytes` the source is destroyed, the
   * temp file removed and `FileTooLargeError` thrown; a source error removes the temp file and
   * is rethrown.
   */
  put(source: Readable, options: PutOptions): Promise<StoredFile>;
  /** Stores a buffer produced by the server itself (converted PDFs, thumbnails). */
  putBuffer(data: Buffer): Promise<StoredFile>;
  /** A write stream into the store, for producers that push bytes (same limits and durability as `put`). */
  openWrite(options: PutOptions): FileWriter;
  /**
   * Opens the file for reading, optionally only the inclusive byte range. Rejects with an
   * ENOENT-coded error when the file is missing (where the store can tell before reading).
   */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes; rejects with an ENOENT error when the file is missing. */
  size(key: string): Promise<number>;
  /** Whether a file with this key is stored. */
  has(key: string): Promise<boolean>;
  /** Removes the file; missing files are ignored. */
  remove(key: string): Promise<void>;
  /**
   * Runs `fn` with a local path holding the file, for the tools that only read paths (PDFium,
   * sharp, qpdf). The path is valid only until `fn` settles (a remote store downloads it to a
   * temp file and removes it afterwards); `fn` must not write to it.
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /**
   * Removes stale temp files and stored files older than `graceMs` for which `isKnown(key)`
   * resolves false (crash between file write and row commit; SECURITY.md row 24).
   * Resolves to the number of files removed.
   */
  sweepOrphans(isKnown: (key: string) => Promise<boolean>, graceMs: number): Promise<number>;
}
