import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageText } from './pageText';
import { PdfiumPool } from './pdfiumPool';
import { makeTextPdf } from './test/makeTextPdf';

// A PDFium worker keeps the last document it parsed open for the next job on the same file (the
// text and thumbnail jobs go page by page); it must still answer for the file as it is now.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-reuse-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PDFium document reuse', () => {
  test('a file rewritten at the same path is read again, pages and text of the new content', async () => {
    const pool = new PdfiumPool(1);
    try {
      const path = join(dir, 'rewritten.pdf');
      await writeFile(path, await makeTextPdf(['First version page one', 'First version page two']));
      expect(await pool.run({ kind: 'pageCount', path })).toBe(2);
      expect(await pool.run({ kind: 'text', path, pageIndex: 1 })).toContain('First version page two');
      await writeFile(path, await makeTextPdf(['Second edition, only page of it']));
      expect(await pool.run({ kind: 'pageCount', path })).toBe(1);
      expect(await pool.run({ kind: 'text', path, pageIndex: 0 })).toContain('Second edition');
      await expect(pool.run({ kind: 'text', path, pageIndex: 1 })).rejects.toBeInstanceOf(RangeError);
    } finally {
      await pool.close();
    }
  });

  test('jobs alternating between two files each get their own file', async () => {
    const a = join(dir, 'a.pdf');
    const b = join(dir, 'b.pdf');
    await writeFile(a, await makeTextPdf(['Alpha 1', 'Alpha 2', 'Alpha 3']));
    await writeFile(b, await makeTextPdf(['Bravo 1', 'Bravo 2', 'Bravo 3']));
    const texts = await Promise.all([1, 2, 3].flatMap((page) => [extractPageText(a, page), extractPageText(b, page)]));
    expect(texts.map((text) => text.trim())).toEqual(['Alpha 1', 'Bravo 1', 'Alpha 2', 'Bravo 2', 'Alpha 3', 'Bravo 3']);
  });

  test('a page render after text of the same kept document, and text of every page of a longer one', async () => {
    const path = join(dir, 'long.pdf');
    const pages = Array.from({ length: 40 }, (_, index) => `Line item page ${index + 1}`);
    await writeFile(path, await makeTextPdf(pages));
    const pool = new PdfiumPool(1);
    try {
      for (let page = 0; page < pages.length; page++)
        expect((await pool.run({ kind: 'text', path, pageIndex: page })).trim()).toBe(pages[page]);
      const bitmap = await pool.run({ kind: 'render', path, pageIndex: 39, width: 200, maxPixels: 200 * 400 });
      expect(bitmap.width).toBe(200);
      expect(Array.from(bitmap.data).some((value, index) => index % 4 === 0 && value < 100)).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
