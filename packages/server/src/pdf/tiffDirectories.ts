import type { FileHandle } from 'node:fs/promises';

/** The fields of one TIFF image file directory (one page) that conversion to PDF looks at. */
export interface TiffDirectory {
  width: number;
  height: number;
  /** BitsPerSample of the first sample (1 when absent, as TIFF 6.0 says). */
  bitsPerSample: number;
  samplesPerPixel: number;
  /** 1 none, 3 CCITT G3, 4 CCITT G4, 5 LZW, 7 JPEG, … */
  compression: number;
  /** 0 WhiteIsZero, 1 BlackIsZero, 2 RGB, …; -1 when absent. */
  photometric: number;
  /** 1 most significant bit first (the default), 2 least significant bit first. */
  fillOrder: number;
  /** 1 (row 0 at the top, column 0 at the left) when absent. */
  orientation: number;
  /** T6Options (bit 1: uncompressed mode used); 0 when absent. */
  t6Options: number;
  rowsPerStrip: number;
  stripOffsets: number[];
  stripByteCounts: number[];
  /** Whether the image is stored in tiles rather than strips. */
  tiled: boolean;
  /** Pixels per inch across and down, null when the file states none (or a unit-less ratio). */
  dpiX: number | null;
  dpiY: number | null;
}

/** Most directories read from one file: a bound on malformed chains (SECURITY.md row 7). */
const MAX_DIRECTORIES = 100_000;
/** Most values read for one tag (strip tables of a page are far smaller). */
const MAX_VALUES = 1_000_000;

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

interface Entry {
  type: number;
  count: number;
  /** The entry's 4-byte value field: the values themselves when they fit, else their offset. */
  field: Buffer;
}

/**
 * Reads every directory of the classic (not Big) TIFF open in `handle`, following the chain of
 * IFD offsets from the header, with positioned reads (the image data is not read). Returns null
 * for anything else or a chain that points outside the file, loops or runs past MAX_DIRECTORIES,
 * so the caller can fall back to a full decoder.
 */
export async function readTiffDirectories(handle: FileHandle): Promise<TiffDirectory[] | null> {
  const fileSize = (await handle.stat()).size;
  const readAt = async (offset: number, length: number): Promise<Buffer | null> => {
    if (!Number.isSafeInteger(offset) || offset < 0 || length < 0 || offset + length > fileSize) return null;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return bytesRead === length ? buffer : null;
  };
  const header = await readAt(0, 8);
  if (header === null) return null;
  const order = header.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (buffer: Buffer, at: number): number => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
  const u32 = (buffer: Buffer, at: number): number => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  if (u16(header, 2) !== 42) return null;

  const valuesOf = async (entry: Entry | undefined): Promise<number[] | null> => {
    if (entry === undefined) return [];
    const size = TYPE_SIZES[entry.type];
    if (size === undefined || entry.count > MAX_VALUES) return null;
    const bytes = size * entry.count;
    const data = bytes <= 4 ? entry.field : await readAt(u32(entry.field, 0), bytes);
    if (data === null) return null;
    const values: number[] = [];
    for (let index = 0; index < entry.count; index++) {
      const at = index * size;
      switch (entry.type) {
        case 3:
          values.push(u16(data, at));
          break;
        case 4:
          values.push(u32(data, at));
          break;
        case 5: {
          const denominator = u32(data, at + 4);
          values.push(denominator === 0 ? 0 : u32(data, at) / denominator);
          break;
        }
        case 1:
          values.push(data[at] ?? 0);
          break;
        default:
          return null; // no field read here uses the other types
      }
    }
    return values;
  };

  const directories: TiffDirectory[] = [];
  const seen = new Set<number>();
  let offset = u32(header, 4);
  while (offset !== 0) {
    if (seen.has(offset) || directories.length >= MAX_DIRECTORIES) return null;
    seen.add(offset);
    const countBytes = await readAt(offset, 2);
    if (countBytes === null) return null;
    const count = u16(countBytes, 0);
    const table = await readAt(offset + 2, count * 12 + 4);
    if (table === null) return null;
    const entries = new Map<number, Entry>();
    for (let index = 0; index < count; index++) {
      const at = index * 12;
      entries.set(u16(table, at), { type: u16(table, at + 2), count: u32(table, at + 4), field: table.subarray(at + 8, at + 12) });
    }
    const first = async (tag: number, fallback: number): Promise<number | null> => {
      const values = await valuesOf(entries.get(tag));
      return values === null ? null : (values[0] ?? fallback);
    };
    const fields = {
      width: await first(256, 0),
      height: await first(257, 0),
      bitsPerSample: await first(258, 1),
      compression: await first(259, 1),
      photometric: await first(262, -1),
      fillOrder: await first(266, 1),
      orientation: await first(274, 1),
      samplesPerPixel: await first(277, 1),
      rowsPerStrip: await first(278, 0xffffffff),
      xResolution: await first(282, 0),
      yResolution: await first(283, 0),
      resolutionUnit: await first(296, 2),
      t6Options: await first(293, 0),
    };
    const stripOffsets = await valuesOf(entries.get(273));
    const stripByteCounts = await valuesOf(entries.get(279));
    if (Object.values(fields).some((value) => value === null) || stripOffsets === null || stripByteCounts === null) return null;
    const value = (key: keyof typeof fields): number => fields[key] ?? 0;
    const perInch = value('resolutionUnit') === 3 ? 2.54 : value('resolutionUnit') === 2 ? 1 : null;
    directories.push({
      width: value('width'),
      height: value('height'),
      bitsPerSample: value('bitsPerSample'),
      samplesPerPixel: value('samplesPerPixel'),
      compression: value('compression'),
      photometric: value('photometric'),
      fillOrder: value('fillOrder'),
      orientation: value('orientation'),
      t6Options: value('t6Options'),
      rowsPerStrip: Math.min(value('rowsPerStrip'), value('height')),
      stripOffsets,
      stripByteCounts,
      tiled: entries.has(322) || entries.has(324),
      dpiX: perInch === null || value('xResolution') <= 0 ? null : value('xResolution') * perInch,
      dpiY: perInch === null || value('yResolution') <= 0 ? null : value('yResolution') * perInch,
    });
    offset = u32(table, count * 12);
  }
  return directories;
}
