import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One file of a zip archive: its name inside the archive and a way to open its bytes. */
export interface ZipEntry {
  /** The path inside the archive (UTF-8; `/` separates folders). */
  name: string;
  /** Opens the entry's bytes; called once, when the archive reaches the entry. */
  open(): Readable | Promise<Readable>;
  /** Modification time written into the entry (DOS time and the Info-ZIP UTC timestamp). */
  modified?: Date;
  /** Store the bytes as they are (already-compressed formats: PDF, JPEG, PNG) instead of deflating them. */
  store?: boolean;
}

/** How an archive is written. */
export interface WriteZipOptions {
  /**
   * Write the ZIP64 records (per entry and at the end) even where the 32-bit fields suffice; by
   * default they appear only when needed, since some readers (macOS Archive Utility) mishandle them.
   */
  forceZip64?: boolean;
}

/** A regular file, rw-r--r--, for unzip tools that apply the archive's permissions. */
const FILE_MODE = 0o100644;

/**
 * The entry's path as an archive may hold it: `/` separators, no absolute path, drive letter or
 * `..` segment (an unzip tool would write such an entry outside the folder it unpacks into).
 */
function safeEntryName(name: string): string {
  const relative = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment === '..' ? '_' : segment))
    .join('/');
  const withoutDrive = /^[a-zA-Z]:/.test(relative) ? `${relative[0]}_${relative.slice(2)}` : relative;
  return withoutDrive === '' ? '_' : withoutDrive;
}

/**
 * A zip archive streamed entry by entry, written by yazl: deflate or store, data descriptors, UTF-8
 * names, and ZIP64 records wherever an entry, an offset or the entry count outgrows the 32-bit
 * format (over 4 GiB, over 65,534 entries), so a large export never fails on size. Each entry is
 * opened only when the archive reaches it and its bytes pass through in chunks, so an archive of
 * large documents costs the memory of a few chunks. An entry that cannot be opened or read, or
 * entries that cannot be listed, error the stream; a consumer that goes away closes the open entry.
 */
export function writeZip(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, options: WriteZipOptions = {}): Readable {
  const forceZip64Format = options.forceZip64 === true;
  const zip = new ZipFile();
  const output = new PassThrough();
  const opened = new Set<Readable>();
  const closeOpened = (): void => {
    for (const source of opened) source.destroy();
    opened.clear();
  };
  const fail = (error: unknown): void => {
    closeOpened();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  // yazl pipes every entry into its output and never stops on its own; a consumer that hung up must not keep a file open.
  output.once('close', closeOpened);
  zip.outputStream.pipe(output);

  const openEntry = async (entry: ZipEntry): Promise<Readable> => {
    const source = await entry.open();
    opened.add(source);
    source.once('close', () => opened.delete(source));
    // yazl pipes the source without listening for its errors: a failing read must fail the archive.
    source.once('error', fail);
    if (output.destroyed) source.destroy();
    return source;
  };

  const addAll = async (): Promise<void> => {
    for await (const entry of entries) {
      if (output.destroyed) return;
      zip.addReadStreamLazy(
        safeEntryName(entry.name),
        { mtime: entry.modified ?? new Date(), mode: FILE_MODE, compress: entry.store !== true, forceZip64Format },
        (callback) => {
          openEntry(entry).then(
            (source) => callback(null, source),
            // yazl emits the error (fail above) and never reads the stream it is handed with it.
            (error: unknown) => callback(error, new PassThrough()),
          );
        },
      );
    }
    zip.end({ forceZip64Format, comment: '' });
  };
  addAll().catch(fail);
  return output;
}
