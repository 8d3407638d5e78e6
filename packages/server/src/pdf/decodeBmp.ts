/** A decoded bitmap: 8-bit RGB, rows top-down, no padding. */
export interface DecodedBmp {
  width: number;
  height: number;
  /** `width * height * 3` bytes. */
  rgb: Buffer;
  /** Dots per inch from the header, or null when the file does not say. */
  dpi: number | null;
}

/** Largest bitmap decoded (SECURITY.md row 7: a tiny file must not claim a huge canvas). */
export const MAX_BMP_PIXELS = 100_000_000;

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

function fail(reason: string): never {
  throw new Error(`Unsupported or damaged BMP: ${reason}.`);
}

/** Shift and width of a contiguous bit mask, to scale a masked channel to 0…255. */
function maskInfo(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  return { shift, max: mask >>> shift };
}

/**
 * Decodes an uncompressed Windows bitmap (sharp cannot read BMP): 1/4/8-bit palette, 16-bit
 * (5-5-5 or bit fields), 24-bit and 32-bit (plain or bit fields), bottom-up or top-down, with a
 * core, info, V4 or V5 header. RLE-compressed and embedded JPEG/PNG bitmaps are refused.
 */
export function decodeBmp(file: Buffer): DecodedBmp {
  if (file.length < 26 || file.toString('latin1', 0, 2) !== 'BM') fail('no BM header');
  const pixelOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  let width: number;
  let rawHeight: number;
  let bitCount: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let dpi: number | null = null;
  let masks: [number, number, number] | null = null;
  if (headerSize === 12) {
    width = file.readUInt16LE(18);
    rawHeight = file.readInt16LE(20);
    bitCount = file.readUInt16LE(24);
  } else if (headerSize >= 40 && file.length >= 14 + 40) {
    width = file.readInt32LE(18);
    rawHeight = file.readInt32LE(22);
    bitCount = file.readUInt16LE(28);
    compression = file.readUInt32LE(30);
    const pixelsPerMetre = file.readInt32LE(38);
    colorsUsed = file.readUInt32LE(46);
    if (pixelsPerMetre > 0) dpi = Math.round(pixelsPerMetre * 0.0254);
    if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
      // Masks follow the 40-byte header (or sit inside a V2+ header at the same offset).
      if (file.length < 14 + 40 + 12) fail('truncated bit fields');
      masks = [file.readUInt32LE(54), file.readUInt32LE(58), file.readUInt32LE(62)];
    }
  } else {
    return fail(`header size ${headerSize}`);
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) fail('empty image');
  if (width * height > MAX_BMP_PIXELS) fail('image too large');
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) fail(`compression ${compression}`);
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) fail(`${bitCount} bits per pixel`);

  let palette: Buffer | null = null;
  if (bitCount <= 8) {
    const entries = colorsUsed > 0 ? Math.min(colorsUsed, 1 << bitCount) : 1 << bitCount;
    const entrySize = headerSize === 12 ? 3 : 4;
    const start = 14 + headerSize;
    if (start + entries * entrySize > file.length) fail('truncated palette');
    palette = Buffer.alloc(256 * 3);
    for (let i = 0; i < entries; i += 1) {
      const at = start + i * entrySize;
      palette[i * 3] = file[at + 2] ?? 0;
      palette[i * 3 + 1] = file[at + 1] ?? 0;
      palette[i * 3 + 2] = file[at] ?? 0;
    }
  }

  if (masks === null && bitCount === 16) masks = [0x7c00, 0x03e0, 0x001f];
  const channelMasks = masks?.map(maskInfo) ?? null;

  const stride = Math.ceil((width * bitCount) / 32) * 4;
  if (pixelOffset + stride * height > file.length) fail('truncated pixel data');
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    let out = y * width * 3;
    for (let x = 0; x < width; x += 1, out += 3) {
      if (palette !== null) {
        const bitOffset = x * bitCount;
        const byte = file[row + (bitOffset >> 3)] ?? 0;
        const index = (byte >> (8 - bitCount - (bitOffset & 7))) & ((1 << bitCount) - 1);
        palette.copy(rgb, out, index * 3, index * 3 + 3);
      } else if (channelMasks !== null && (bitCount === 16 || bitCount === 32)) {
        const value = bitCount === 16 ? file.readUInt16LE(row + x * 2) : file.readUInt32LE(row + x * 4);
        for (let c = 0; c < 3; c += 1) {
          const info = channelMasks[c];
          rgb[out + c] = info === undefined || info.max === 0 ? 0 : Math.round((((value >>> info.shift) & info.max) * 255) / info.max);
        }
      } else {
        const at = row + x * (bitCount / 8);
        rgb[out] = file[at + 2] ?? 0;
        rgb[out + 1] = file[at + 1] ?? 0;
        rgb[out + 2] = file[at] ?? 0;
      }
    }
  }
  return { width, height, rgb, dpi };
}
