import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { extractPageText } from './pageText';
import { splitPdf } from './splitPdf';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;
let pdfPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-split-'));
  pdfPath = join(dir, 'source.pdf');
  await writeFile(pdfPath, await makeTextPdf(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(path: string, groups: number[][]): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for await (const part of splitPdf(path, groups)) parts.push(part);
  return parts;
}

describe('splitPdf', () => {
  test('yields one PDF per group with exactly those pages, in the group order', async () => {
    const parts = await collect(pdfPath, [[1, 2], [5, 3], [4]]);
    expect(parts).toHaveLength(3);
    const expected = [['Page 1', 'Page 2'], ['Page 5', 'Page 3'], ['Page 4']];
    for (const [index, part] of parts.entries()) {
      const partPath = join(dir, `part${index}.pdf`);
      await writeFile(partPath, part);
      expect((await PDFDocument.load(part)).getPageCount()).toBe(expected[index].length);
      for (const [pageIndex, text] of expected[index].entries()) {
        expect((await extractPageText(partPath, pageIndex + 1)).trim()).toBe(text);
      }
    }
  });

  test('a page outside the PDF is a RangeError', async () => {
    await expect(collect(pdfPath, [[1], [6]])).rejects.toBeInstanceOf(RangeError);
    await expect(collect(pdfPath, [[0]])).rejects.toBeInstanceOf(RangeError);
    await expect(collect(pdfPath, [[]])).rejects.toBeInstanceOf(RangeError);
  });

  test('a file that is not a PDF rejects on the first part', async () => {
    const bogus = join(dir, 'bogus.pdf');
    await writeFile(bogus, 'not a pdf at all');
    await expect(collect(bogus, [[1]])).rejects.toThrow();
  });
});
