/** One indirect object of a hand-written PDF: its dictionary or value, and a stream's bytes if it has one. */
export interface RawPdfObject {
  /** The object's value in PDF syntax (a stream's dictionary without /Length, which is written here). */
  body: string;
  /** The stream's bytes (already encoded as the dictionary's /Filter says). */
  stream?: Uint8Array;
}

/**
 * Writes a PDF 1.7 file from numbered objects (object n is `objects[n - 1]`; `root` is the
 * catalog's number) with a classic cross-reference table whose offsets are counted from the
 * bytes written, so files pdf-lib cannot make (LZW, RunLength, Type 3, a deep page tree) are
 * still valid and need no repair by any reader.
 */
export function writeRawPdf(objects: readonly RawPdfObject[], root: number): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const push = (part: Buffer): void => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (object.stream === undefined) {
      push(Buffer.from(`${index + 1} 0 obj\n${object.body}\nendobj\n`, 'latin1'));
      return;
    }
    const dictionary = object.body.replace(/>>\s*$/, ` /Length ${object.stream.length} >>`);
    push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
    push(Buffer.from(object.stream));
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  const xref = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
