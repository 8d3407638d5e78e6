import { deflateSync } from 'node:zlib';
import { type RawPdfObject, writeRawPdf } from './rawPdf';
import { type TrueTypeGlyph, trueTypeGlyphs } from './trueTypeGlyphs';

/** One run of text on a CID page: where it starts and what it says (in the order the glyphs are drawn). */
export interface CidTextRun {
  x: number;
  y: number;
  text: string;
}

/** What a CID-keyed page is made of. */
export interface CidFontPage {
  /** The TrueType font file, embedded whole as FontFile2. */
  font: Buffer;
  /** `/Identity-H` (horizontal) or `/Identity-V` (vertical writing: glyphs go down the page). */
  encoding: 'Identity-H' | 'Identity-V';
  runs: readonly CidTextRun[];
  size: number;
  width: number;
  height: number;
}

const hex4 = (value: number): string => value.toString(16).padStart(4, '0').toUpperCase();

/**
 * A one-page PDF in a CID-keyed font as Word and pdf-lib write one: Type0 over a CIDFontType2
 * with CIDToGIDMap /Identity (two-byte codes are glyph ids), /W widths from the font's hmtx, and a
 * ToUnicode map so text can be extracted. Vertical writing is the same font under Identity-V
 * (default vertical metrics, /DW2 [880 -1000]).
 */
export function cidFontPdf({ font, encoding, runs, size, width, height }: CidFontPage): Buffer {
  const glyphsByRun = runs.map((run) => trueTypeGlyphs(font, run.text));
  const used = new Map<number, TrueTypeGlyph>();
  for (const glyph of glyphsByRun.flat()) used.set(glyph.glyphId, glyph);
  const ids = [...used.keys()].sort((a, b) => a - b);
  const widths = ids.map((id) => `${id} [${used.get(id)?.advance}]`).join(' ');
  const content = runs
    .map(
      (run, index) => `BT /F1 ${size} Tf ${run.x} ${run.y} Td <${glyphsByRun[index].map((glyph) => hex4(glyph.glyphId)).join('')}> Tj ET`,
    )
    .join('\n');
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${ids.length} beginbfchar`,
    ...ids.map((id) => `<${hex4(id)}> <${hex4(used.get(id)?.char.codePointAt(0) ?? 0)}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const objects: RawPdfObject[] = [
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>` },
    { body: '<< >>', stream: Buffer.from(`${content}\n`, 'latin1') },
    { body: `<< /Type /Font /Subtype /Type0 /BaseFont /DejaVuSans /Encoding /${encoding} /DescendantFonts [6 0 R] /ToUnicode 9 0 R >>` },
    {
      body: `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /DejaVuSans /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /CIDToGIDMap /Identity /DW 1000 /W [${widths}] /DW2 [880 -1000] >>`,
    },
    {
      body: '<< /Type /FontDescriptor /FontName /DejaVuSans /Flags 32 /FontBBox [-1021 -463 1793 1232] /ItalicAngle 0 /Ascent 928 /Descent -236 /CapHeight 729 /StemV 80 /FontFile2 8 0 R >>',
    },
    { body: '<< /Filter /FlateDecode >>', stream: deflateSync(font) },
    { body: '<< >>', stream: Buffer.from(`${toUnicode}\n`, 'latin1') },
  ];
  return writeRawPdf(objects, 1);
}
