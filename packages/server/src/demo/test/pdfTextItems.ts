import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * pdf.js (ES modules only, which jest's CommonJS cannot load) in a Node process of its own: reads
 * a PDF from stdin and prints every page's text items with where pdf.js places them, as JSON.
 */
const EXTRACT = `
const pdfjs = await import(process.argv[1]);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= document.numPages; number++) {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  pages.push(
    content.items
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height })),
  );
}
process.stdout.write(JSON.stringify(pages));
`;

/** One run of text on a page, in PDF units from the bottom left: its left edge, baseline, width and height. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every page's text items of `pdf` as pdf.js (pdfjs-dist's Node build) extracts them, in a child process. */
export function pdfTextItems(pdf: Buffer): Promise<PdfTextItem[][]> {
  const pdfjs = pathToFileURL(join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', EXTRACT, pdfjs],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf.js could not read the PDF: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as PdfTextItem[][]);
      },
    );
    child.stdin?.end(pdf);
  });
}
