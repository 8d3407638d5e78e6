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
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
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
    for (const [index, [tag, value]] of [[256, width], [257, height]].entries()) {
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
