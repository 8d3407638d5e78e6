import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** An s15Fixed16Number, big-endian, as ICC writes numbers with fractions. */
function s15Fixed16(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(Math.round(value * 65536));
  return bytes;
}

/** A tag's data padded to 4 bytes, as the ICC tag table wants its offsets aligned. */
function padded(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
}

/**
 * A grey ICC v2 display profile (gamma 2.2, D50 white), written byte by byte: neither
 * pdfjs-dist nor sharp ships a grey profile, and ImageMagick's grey PDFs carry one like it
 * (a `kTRC` curve and a white point), which is what reaches pdf.js's ICC code.
 */
export function greyIccProfile(): Buffer {
  const description = 'Datahaven test grey gamma 2.2';
  const desc = Buffer.alloc(12 + description.length + 1 + 8 + 3 + 67);
  desc.write('desc', 0, 'latin1');
  desc.writeUInt32BE(description.length + 1, 8);
  desc.write(description, 12, 'latin1');
  const wtpt = Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), s15Fixed16(0.9642), s15Fixed16(1), s15Fixed16(0.8249)]);
  const kTRC = Buffer.alloc(14);
  kTRC.write('curv', 0, 'latin1');
  kTRC.writeUInt32BE(1, 8);
  kTRC.writeUInt16BE(Math.round(2.2 * 256), 12);
  const cprt = Buffer.from('text\0\0\0\0No copyright, test data\0', 'latin1');
  const tags: [string, Buffer][] = [
    ['desc', desc],
    ['wtpt', wtpt],
    ['kTRC', kTRC],
    ['cprt', cprt],
  ];
  const tableLength = 4 + tags.length * 12;
  let offset = 128 + tableLength;
  const table = Buffer.alloc(tableLength);
  table.writeUInt32BE(tags.length, 0);
  const bodies: Buffer[] = [];
  tags.forEach(([signature, data], index) => {
    table.write(signature, 4 + index * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + index * 12);
    table.writeUInt32BE(data.length, 12 + index * 12);
    const body = padded(data);
    bodies.push(body);
    offset += body.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntrGRAYXYZ ', 12, 'latin1');
  // Creation date 2026-01-01 00:00:00.
  [2026, 1, 1, 0, 0, 0].forEach((part, index) => header.writeUInt16BE(part, 24 + index * 2));
  header.write('acsp', 36, 'latin1');
  s15Fixed16(0.9642).copy(header, 68);
  s15Fixed16(1).copy(header, 72);
  s15Fixed16(0.8249).copy(header, 76);
  return Buffer.concat([header, table, ...bodies]);
}

/** libvips' built-in sRGB profile, read back from a PNG sharp embedded it in. */
export async function srgbIccProfile(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
    .withIccProfile('srgb')
    .png()
    .toBuffer();
  const { icc } = await sharp(png).metadata();
  if (icc === undefined) throw new Error('sharp embedded no sRGB profile');
  return icc;
}

/** pdf.js's own CMYK profile (pdfjs-dist/iccs), the one it converts DeviceCMYK with. */
export function cmykIccProfile(): Promise<Buffer> {
  return readFile(join(dirname(require.resolve('pdfjs-dist/package.json')), 'iccs', 'CGATS001Compat-v2-micro.icc'));
}
