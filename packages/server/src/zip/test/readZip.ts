import { crc32, inflateRawSync } from 'node:zlib';

/** One file read back from a zip archive. */
export interface ReadZipEntry {
  name: string;
  data: Buffer;
  method: number;
}

/** Where the central directory starts and how many entries it lists, from the end records. */
export interface ZipDirectory {
  count: number;
  offset: number;
  /** Whether the ZIP64 end of central directory record and its locator were there (and used). */
  zip64: boolean;
}

/**
 * The central directory's place and size: the end-of-central-directory record (0x06054b50), and
 * when its fields are saturated (0xffff entries, 0xffffffff offset) the ZIP64 end-of-central-
 * directory locator (0x07064b50) just before it and the ZIP64 record (0x06064b50) it points to.
 */
export function readZipDirectory(archive: Buffer): ZipDirectory {
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('No end of central directory.');
  const count = archive.readUInt16LE(eocd + 10);
  const offset = archive.readUInt32LE(eocd + 16);
  if (count !== 0xffff && offset !== 0xffffffff) return { count, offset, zip64: false };
  const locator = eocd - 20;
  if (locator < 0 || archive.readUInt32LE(locator) !== 0x07064b50) throw new Error('No ZIP64 end of central directory locator.');
  const record = Number(archive.readBigUInt64LE(locator + 8));
  if (archive.readUInt32LE(record) !== 0x06064b50) throw new Error('No ZIP64 end of central directory record.');
  return { count: Number(archive.readBigUInt64LE(record + 32)), offset: Number(archive.readBigUInt64LE(record + 48)), zip64: true };
}

/** The ZIP64 extended information extra field (0x0001) of a central header, if it has one. */
function zip64Extra(extra: Buffer): Buffer | null {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) === 0x0001) return extra.subarray(at + 4, at + 4 + extra.readUInt16LE(at + 2));
  }
  return null;
}

/**
 * A small zip reader for tests (independent of the writer): finds the end-of-central-directory
 * record (ZIP64 ones included), walks the central directory, inflates or copies each entry from its
 * local header and checks its CRC-32 and size against the central directory.
 */
export function readZip(archive: Buffer): ReadZipEntry[] {
  const directory = readZipDirectory(archive);
  const count = directory.count;
  let at = directory.offset;
  const entries: ReadZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central header at ${at}.`);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    let compressedSize = archive.readUInt32LE(at + 20);
    let size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    let offset = archive.readUInt32LE(at + 42);
    // ZIP64: each saturated field is in the extra field, in this order (APPNOTE 4.5.3).
    const extra = zip64Extra(archive.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    let next = 0;
    const wide = (value: number): number => {
      if (value !== 0xffffffff) return value;
      if (extra === null) throw new Error('A saturated size or offset without a ZIP64 extra field.');
      next += 8;
      return Number(extra.readBigUInt64LE(next - 8));
    };
    size = wide(size);
    compressedSize = wide(compressedSize);
    offset = wide(offset);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString((flags & (1 << 11)) !== 0 ? 'utf8' : 'latin1');
    if (archive.readUInt32LE(offset) !== 0x04034b50) throw new Error(`Bad local header for ${name}.`);
    const dataStart = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const raw = archive.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : method === 0 ? Buffer.from(raw) : null;
    if (data === null) throw new Error(`Unknown method ${method} for ${name}.`);
    if (data.length !== size) throw new Error(`Size of ${name} is ${data.length}, the directory says ${size}.`);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC of ${name} does not match.`);
    entries.push({ name, data, method });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
