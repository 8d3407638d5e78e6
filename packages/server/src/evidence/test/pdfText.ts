import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * pdf.js (ES modules only, which jest's CommonJS cannot load) run in a Node process of its own:
 * it reads a PDF from stdin and prints each page's text items joined by single spaces, as JSON.
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
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text !== '').join(' '));
}
process.stdout.write(JSON.stringify({ pages, title: (await document.getMetadata()).info?.Title ?? null }));
`;

/** A PDF's text as pdf.js extracts it: one string per page (its text items joined by spaces) and the document title. */
export interface PdfText {
  pages: string[];
  title: string | null;
}

/** Extracts `pdf`'s text with pdf.js (pdfjs-dist's Node build) in a child process. */
export function pdfText(pdf: Buffer): Promise<PdfText> {
  const pdfjs = pathToFileURL(join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', EXTRACT, pdfjs],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf.js could not read the PDF: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as PdfText);
      },
    );
    child.stdin?.end(pdf);
  });
}
