import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, constants as zlibConstants } from 'node:zlib';

/** One file of a zip archive: its name inside the archive and a way to open its bytes. */
export interface ZipEntry {
  /** The path inside the archive (UTF-8; `/` separates folders). */
  name: string;
  /** Opens the entry's bytes; called once, when the archive reaches the entry. */
  open(): Readable | Promise<Readable>;
  /** Modification time written into the entry (local DOS time, 2 s precision). */
  modified?: Date;
  /** Store the bytes as they are (already-compressed formats: PDF, JPEG, PNG) instead of deflating them. */
  store?: boolean;
}

/** Largest entry or archive offset without ZIP64 (4 GiB − 1). */
const MAX_ZIP32 = 0xffffffff;
/** General purpose flags: bit 3 (sizes and CRC follow the data) and bit 11 (names are UTF-8). */
const FLAGS = (1 << 3) | (1 << 11);
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
/** Version needed to extract: 2.0 (deflate, data descriptors). */
const VERSION = 20;

interface CentralRecord {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, date.getFullYear()));
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localHeader(record: Omit<CentralRecord, 'crc' | 'compressedSize' | 'size' | 'offset'>): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt16LE(record.time, 10);
  header.writeUInt16LE(record.date, 12);
  // CRC and sizes are 0 here: they follow the data in the data descriptor (flag bit 3).
  header.writeUInt16LE(record.name.length, 26);
  return Buffer.concat([header, record.name]);
}

function dataDescriptor(record: CentralRecord): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  descriptor.writeUInt32LE(record.compressedSize, 8);
  descriptor.writeUInt32LE(record.size, 12);
  return descriptor;
}

function centralHeader(record: CentralRecord): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | VERSION, 4); // made by: UNIX, 2.0
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(record.method, 10);
  header.writeUInt16LE(record.time, 12);
  header.writeUInt16LE(record.date, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(record.compressedSize, 20);
  header.writeUInt32LE(record.size, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
  header.writeUInt32LE(record.offset, 42);
  return Buffer.concat([header, record.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Compresses (or stores) one entry's bytes, yielding output chunks and filling in CRC and sizes. */
async function* entryData(source: Readable, store: boolean, record: CentralRecord): AsyncGenerator<Buffer, void, undefined> {
  let crc = 0;
  let size = 0;
  let compressedSize = 0;
  if (store) {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      crc = crc32(buffer, crc);
      size += buffer.length;
      compressedSize += buffer.length;
      yield buffer;
    }
  } else {
    const deflate = createDeflateRaw({ level: zlibConstants.Z_DEFAULT_COMPRESSION });
    const counted = Readable.from(
      (async function* count(): AsyncGenerator<Buffer, void, undefined> {
        for await (const chunk of source) {
          const buffer = chunk as Buffer;
          crc = crc32(buffer, crc);
          size += buffer.length;
          yield buffer;
        }
      })(),
    );
    const compressed = counted.pipe(deflate);
    counted.once('error', (error: Error) => deflate.destroy(error));
    for await (const chunk of compressed) {
      const buffer = chunk as Buffer;
      compressedSize += buffer.length;
      yield buffer;
    }
  }
  if (size > MAX_ZIP32 || compressedSize > MAX_ZIP32)
    throw new RangeError('A zip entry over 4 GiB needs ZIP64, which this writer does not write.');
  record.crc = crc >>> 0;
  record.size = size;
  record.compressedSize = compressedSize;
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer, void, undefined> {
  const records: CentralRecord[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const { time, date } = dosDateTime(entry.modified ?? new Date());
    const record: CentralRecord = {
      name: Buffer.from(entry.name, 'utf8'),
      method: entry.store ? METHOD_STORE : METHOD_DEFLATE,
      time,
      date,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset,
    };
    if (record.name.length > 0xffff) throw new RangeError('A zip entry name is longer than 65,535 bytes.');
    const header = localHeader(record);
    yield header;
    offset += header.length;
    const source = await entry.open();
    try {
      for await (const chunk of entryData(source, entry.store === true, record)) {
        offset += chunk.length;
        yield chunk;
      }
    } finally {
      source.destroy();
    }
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += descriptor.length;
    if (offset > MAX_ZIP32) throw new RangeError('A zip archive over 4 GiB needs ZIP64, which this writer does not write.');
    records.push(record);
  }
  if (records.length > 0xffff) throw new RangeError('A zip archive holds at most 65,535 entries without ZIP64.');
  const centralStart = offset;
  let centralSize = 0;
  for (const record of records) {
    const header = centralHeader(record);
    centralSize += header.length;
    yield header;
  }
  yield endOfCentralDirectory(records.length, centralSize, centralStart);
}

/**
 * A zip archive (PKWARE APPNOTE 2.0: deflate or store, data descriptors, UTF-8 names) streamed
 * entry by entry: one entry's bytes pass through at a time and nothing is buffered whole, so an
 * archive of large documents costs the memory of a few chunks. CRC-32 comes from zlib.
 * Entries and archive stay under 4 GiB (no ZIP64); more errors the stream.
 */
export function writeZip(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
