import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** A PDF whose pages say `words page N`, with a classic xref table (offsets a test can break). */
export async function classicPdf(pages: number, words: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) pdf.addPage([595, 842]).drawText(`${words} page ${page}`, { x: 50, y: 700, size: 18, font });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

function latin1(pdf: Buffer): string {
  return pdf.toString('latin1');
}

/** The file with its `startxref` pointing at byte 17 (inside an object), everything else intact. */
export function withBadStartxref(pdf: Buffer): Buffer {
  return Buffer.from(latin1(pdf).replace(/startxref\s+\d+/, 'startxref\n17'), 'latin1');
}

/** The file with every in-use xref offset 7 bytes off (into the middle of its object). */
export function withShiftedOffsets(pdf: Buffer): Buffer {
  const text = latin1(pdf);
  const xref = text.lastIndexOf('\nxref');
  const tail = text
    .slice(xref)
    .replace(/(\d{10}) 00000 n/g, (_row, offset: string) => `${String(Number(offset) + 7).padStart(10, '0')} 00000 n`);
  return Buffer.from(text.slice(0, xref) + tail, 'latin1');
}

/** The file cut off after its last object: no xref table, no trailer, no startxref. */
export function withoutTrailer(pdf: Buffer): Buffer {
  const text = latin1(pdf);
  return Buffer.from(text.slice(0, text.lastIndexOf('\nxref') + 1), 'latin1');
}

/** The file cut off inside its first content stream: the later pages' objects are gone. */
export function truncatedMidStream(pdf: Buffer): Buffer {
  return pdf.subarray(0, latin1(pdf).indexOf('stream') + 30);
}

/** `%PDF-1.7` followed by 2,000 bytes that are no PDF at all. */
export function randomAfterHeader(): Buffer {
  const noise = Buffer.alloc(2000);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + 13) % 256;
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), noise]);
}

/**
 * A one-page PDF written by hand with an xref **stream** whose rows are Flate-compressed under
 * the PNG Up predictor (as Acrobat and qpdf write them); `shift` moves every offset it records.
 */
export function xrefStreamPdf(shift = 0): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.5\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  const rows = [
    [0, 0, 0, 0xff],
    ...offsets.map((offset) => [1, ((offset + shift) >> 8) & 0xff, (offset + shift) & 0xff, 0]),
    [1, (xrefOffset >> 8) & 0xff, xrefOffset & 0xff, 0],
  ];
  // PNG Up: each row after its filter byte (2) holds its difference from the row above.
  const predicted = rows.flatMap((row, r) => [2, ...row.map((value, c) => (value - (r > 0 ? rows[r - 1][c] : 0)) & 0xff)]);
  const data = deflateSync(Buffer.from(predicted));
  const dictionary = `<< /Type /XRef /Size ${rows.length} /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >> /Length ${data.length} >>`;
  return Buffer.concat([
    Buffer.from(`${body}${rows.length - 1} 0 obj\n${dictionary}\nstream\n`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  ]);
}
