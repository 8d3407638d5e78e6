/** Page trees that loop (second attack finding 7), each as the PDF's objects 1–4 (object 5 is a page's content stream). */
export const LOOPING_PAGE_TREES: Readonly<Record<string, readonly string[]>> = {
  'a Pages node that is its own kid': [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R] /Count 1 >>',
    '<< /Type /Page /MediaBox [0 0 200 200] >>',
    '<< /Unused true >>',
  ],
  'a child Pages node whose kid is the root, beside a real page': [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ],
  'a root naming itself and claiming a million pages': [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1000000 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>',
    '<< /Unused true >>',
  ],
};

/**
 * A PDF of the given objects 1–4 and a page content stream as object 5, written by hand with a
 * correct cross-reference table, so only what the objects say is wrong.
 */
export function pdfOfObjects(objects: readonly string[]): Buffer {
  const content = 'BT /F1 12 Tf 20 100 Td (Loop) Tj ET';
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (const [index, body] of [...objects, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`].entries()) {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
