import { crc32 } from 'node:zlib';

/** A PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header claims `width` × `height` RGB pixels, with no image data: the header of a
 * decompression bomb, a few dozen bytes (tests never build the pixels).
 */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG whose frame header (after a JFIF APP0 segment) claims `width` × `height`, with no scan data. */
export function jpegClaiming(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/**
 * A little-endian classic TIFF with `pages` image file directories of `width` × `height`
 * (ImageWidth and ImageLength only, no strips): 30 bytes a page, so 10,000 pages is 300 KB.
 */
export function tiffWithPages(pages: number, width = 100, height = 100): Buffer {
  const ifdSize = 2 + 2 * 12 + 4;
  const file = Buffer.alloc(8 + pages * ifdSize);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(8, 4);
  for (let page = 0; page < pages; page += 1) {
    const at = 8 + page * ifdSize;
    file.writeUInt16LE(2, at);
    for (const [index, [tag, value]] of [
      [256, width],
      [257, height],
    ].entries()) {
      const entry = at + 2 + index * 12;
      file.writeUInt16LE(tag, entry);
      file.writeUInt16LE(4, entry + 2); // LONG
      file.writeUInt32LE(1, entry + 4);
      file.writeUInt32LE(value, entry + 8);
    }
    file.writeUInt32LE(page + 1 < pages ? at + ifdSize : 0, at + 2 + 2 * 12);
  }
  return file;
}

/** One zip entry: its name, the bytes stored, the method (0 stored, 8 deflated) and the sizes its headers claim. */
interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  claimedSize: number;
}

/**
 * A zip archive of `entries`, each header claiming `claimedSize` uncompressed bytes whatever the
 * data holds (the shape of a zip bomb: a 1 GB part in a few kilobytes). CRCs are left zero: a
 * reader that checks them would refuse the file, which is fine for a file nothing should open.
 */
export function zipWith(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.claimedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
