import { crc32, inflateRawSync } from 'node:zlib';

/** One file read back from a zip archive. */
export interface ReadZipEntry {
  name: string;
  data: Buffer;
  method: number;
}

/**
 * A small zip reader for tests (independent of the writer): finds the end-of-central-directory
 * record, walks the central directory, inflates or copies each entry from its local header and
 * checks its CRC-32 and size against the central directory.
 */
export function readZip(archive: Buffer): ReadZipEntry[] {
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('No end of central directory.');
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  const entries: ReadZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central header at ${at}.`);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const offset = archive.readUInt32LE(at + 42);
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
