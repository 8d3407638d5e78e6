/** One character of a text as a TrueType font draws it: its glyph id and advance in 1/1000 em. */
export interface TrueTypeGlyph {
  char: string;
  glyphId: number;
  advance: number;
}

/** The offset of a table of the font's directory (`cmap`, `head`, ...). */
function tableOffset(font: Buffer, tag: string): number {
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    if (font.toString('latin1', entry, entry + 4) === tag) return font.readUInt32BE(entry + 8);
  }
  throw new Error(`the font has no ${tag} table`);
}

/** The glyph id of a BMP code point from the cmap's format 4 subtable (Windows, Unicode BMP). */
function glyphIdOf(font: Buffer, cmap: number, code: number): number {
  const count = font.readUInt16BE(cmap + 2);
  let subtable = -1;
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    if (font.readUInt16BE(record) === 3 && font.readUInt16BE(record + 2) === 1) subtable = cmap + font.readUInt32BE(record + 4);
  }
  if (subtable < 0 || font.readUInt16BE(subtable) !== 4) throw new Error('the font has no format 4 Unicode cmap');
  const segments = font.readUInt16BE(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    if (font.readUInt16BE(ends + i * 2) < code) continue;
    const start = font.readUInt16BE(starts + i * 2);
    if (start > code) return 0;
    const delta = font.readUInt16BE(deltas + i * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + i * 2);
    if (rangeOffset === 0) return (code + delta) & 0xffff;
    const glyph = font.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (code - start) * 2);
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  }
  return 0;
}

/**
 * The glyphs a TrueType font draws a text with (its cmap and hmtx read by hand: the corpus writes
 * CID-keyed fonts with CIDToGIDMap /Identity, whose codes are glyph ids, and no font library is
 * installed). Throws for a character the font lacks, so a corpus page never shows .notdef boxes.
 */
export function trueTypeGlyphs(font: Buffer, text: string): TrueTypeGlyph[] {
  const cmap = tableOffset(font, 'cmap');
  const unitsPerEm = font.readUInt16BE(tableOffset(font, 'head') + 18);
  const longMetrics = font.readUInt16BE(tableOffset(font, 'hhea') + 34);
  const hmtx = tableOffset(font, 'hmtx');
  return [...text].map((char) => {
    const glyphId = glyphIdOf(font, cmap, char.codePointAt(0) ?? 0);
    if (glyphId === 0) throw new Error(`the font has no glyph for ${char}`);
    const advance = font.readUInt16BE(hmtx + Math.min(glyphId, longMetrics - 1) * 4);
    return { char, glyphId, advance: Math.round((advance * 1000) / unitsPerEm) };
  });
}
