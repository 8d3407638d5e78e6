/** The one strip of a single-strip TIFF and the tags a PDF filter needs to read it. */
export interface TiffStrip {
  data: Buffer;
  width: number;
  height: number;
  /** PhotometricInterpretation: 0 WhiteIsZero, 1 BlackIsZero. */
  photometric: number;
  /** T4Options (CCITT G3): bit 0 two-dimensional coding, bit 2 fill bits before each EOL. */
  t4Options: number;
}

/**
 * Reads the first image of a little-endian TIFF written as one strip (`tiffcp -r <height>`): its
 * compressed data and the tags around it, so the corpus can wrap libtiff's G3 data in a PDF's
 * CCITTFaxDecode parameters itself (tiff2pdf passes only G4 through and would re-encode G3).
 */
export function tiffStrip(tiff: Buffer): TiffStrip {
  if (tiff.toString('latin1', 0, 2) !== 'II') throw new Error('not a little-endian TIFF');
  const ifd = tiff.readUInt32LE(4);
  const tags = new Map<number, number[]>();
  const count = tiff.readUInt16LE(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const type = tiff.readUInt16LE(entry + 2);
    const values = tiff.readUInt32LE(entry + 4);
    const size = type === 3 ? 2 : 4;
    const at = values * size > 4 ? tiff.readUInt32LE(entry + 8) : entry + 8;
    const read = (index: number): number => (size === 2 ? tiff.readUInt16LE(at + index * 2) : tiff.readUInt32LE(at + index * 4));
    tags.set(
      tiff.readUInt16LE(entry),
      Array.from({ length: values }, (_, index) => read(index)),
    );
  }
  const offsets = tags.get(273) ?? [];
  const lengths = tags.get(279) ?? [];
  if (offsets.length !== 1) throw new Error(`the TIFF has ${offsets.length} strips, not one`);
  return {
    data: tiff.subarray(offsets[0], offsets[0] + lengths[0]),
    width: tags.get(256)?.[0] ?? 0,
    height: tags.get(257)?.[0] ?? 0,
    photometric: tags.get(262)?.[0] ?? 0,
    t4Options: tags.get(292)?.[0] ?? 0,
  };
}
