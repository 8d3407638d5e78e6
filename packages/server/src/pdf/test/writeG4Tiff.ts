/** One page of `writeG4Tiff`: CCITT G4 strips coded elsewhere (sharp) with the tags to write for them. */
export interface G4TiffPage {
  width: number;
  height: number;
  rowsPerStrip: number;
  strips: readonly Buffer[];
  photometric: 0 | 1;
  fillOrder: 1 | 2;
  dpi: number;
}

/**
 * Writes a big-endian classic TIFF of CCITT G4 pages, so tests get the variants sharp does not
 * write (FillOrder 2, Motorola byte order). Strip bytes are written as given: for FillOrder 2
 * the caller passes them bit-reversed.
 */
export function writeG4Tiff(pages: readonly G4TiffPage[]): Buffer {
  const chunks: Buffer[] = [];
  let length = 8;
  const append = (chunk: Buffer): number => {
    const at = length;
    chunks.push(chunk);
    length += chunk.length;
    return at;
  };
  const header = Buffer.alloc(8);
  header.write('MM', 0, 'latin1');
  header.writeUInt16BE(42, 2);
  chunks.push(header);
  const directoryOffsets: number[] = [];
  const nextFields: number[] = [];
  for (const page of pages) {
    const stripOffsets = page.strips.map((strip) => append(strip));
    const longs = (values: readonly number[]): Buffer => {
      const buffer = Buffer.alloc(values.length * 4);
      values.forEach((value, index) => buffer.writeUInt32BE(value, index * 4));
      return buffer;
    };
    const offsetsAt = append(longs(stripOffsets));
    const countsAt = append(longs(page.strips.map((strip) => strip.length)));
    const resolutionAt = append(longs([page.dpi, 1]));
    // Tags in ascending order: [tag, type, count, value-or-offset]; SHORT values sit left-justified.
    const entries: [number, number, number, number][] = [
      [256, 4, 1, page.width],
      [257, 4, 1, page.height],
      [258, 3, 1, 1],
      [259, 3, 1, 4],
      [262, 3, 1, page.photometric],
      [266, 3, 1, page.fillOrder],
      [273, 4, page.strips.length, page.strips.length === 1 ? stripOffsets[0] : offsetsAt],
      [277, 3, 1, 1],
      [278, 4, 1, page.rowsPerStrip],
      [279, 4, page.strips.length, page.strips.length === 1 ? page.strips[0].length : countsAt],
      [282, 5, 1, resolutionAt],
      [283, 5, 1, resolutionAt],
      [296, 3, 1, 2],
    ];
    const directory = Buffer.alloc(2 + entries.length * 12 + 4);
    directory.writeUInt16BE(entries.length, 0);
    entries.forEach(([tag, type, count, value], index) => {
      const at = 2 + index * 12;
      directory.writeUInt16BE(tag, at);
      directory.writeUInt16BE(type, at + 2);
      directory.writeUInt32BE(count, at + 4);
      if (type === 3 && count === 1) directory.writeUInt16BE(value, at + 8);
      else directory.writeUInt32BE(value, at + 8);
    });
    if (length % 2 === 1) append(Buffer.alloc(1)); // directories start on a word boundary
    const at = append(directory);
    directoryOffsets.push(at);
    nextFields.push(at + 2 + entries.length * 12);
  }
  const file = Buffer.concat(chunks);
  file.writeUInt32BE(directoryOffsets[0] ?? 0, 4);
  for (let index = 0; index < nextFields.length; index++) file.writeUInt32BE(directoryOffsets[index + 1] ?? 0, nextFields[index]);
  return file;
}
