import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageText } from './pageText';
import { recombinePdf } from './recombinePdf';
import type { PdfPageRun } from './recombinePdf';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;
let pathA: string;
let pathB: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-recombine-'));
  pathA = join(dir, 'a.pdf');
  pathB = join(dir, 'b.pdf');
  await writeFile(pathA, await makeTextPdf(['A1', 'A2', 'A3', 'A4']));
  await writeFile(pathB, await makeTextPdf(['B1', 'B2', 'B3']));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function texts(outputs: PdfPageRun[][]): Promise<string[][]> {
  const result: string[][] = [];
  let index = 0;
  for await (const bytes of recombinePdf(outputs)) {
    const path = join(dir, `out${index++}.pdf`);
    await writeFile(path, bytes);
    const pages: string[] = [];
    for (let page = 1; page <= outputs[result.length].reduce((n, run) => n + run.lastPage - run.firstPage + 1, 0); page++) {
      pages.push((await extractPageText(path, page)).trim());
    }
    result.push(pages);
  }
  return result;
}

describe('recombinePdf', () => {
  test('each output has its runs’ pages in the given order, across sources', async () => {
    const result = await texts([
      [
        { path: pathB, firstPage: 2, lastPage: 3 },
        { path: pathA, firstPage: 1, lastPage: 1 },
        { path: pathB, firstPage: 1, lastPage: 1 },
      ],
      [{ path: pathA, firstPage: 3, lastPage: 4 }],
    ]);
    expect(result).toEqual([
      ['B2', 'B3', 'A1', 'B1'],
      ['A3', 'A4'],
    ]);
  });

  test('pages outside a source, a reversed run and an empty output are RangeErrors', async () => {
    await expect(texts([[{ path: pathB, firstPage: 2, lastPage: 4 }]])).rejects.toThrow(RangeError);
    await expect(texts([[{ path: pathA, firstPage: 0, lastPage: 1 }]])).rejects.toThrow(RangeError);
    await expect(texts([[{ path: pathA, firstPage: 3, lastPage: 2 }]])).rejects.toThrow(RangeError);
    await expect(texts([[]])).rejects.toThrow(RangeError);
  });

  test('a file that is not a PDF rejects', async () => {
    const junk = join(dir, 'junk.pdf');
    await writeFile(junk, 'not a pdf');
    await expect(texts([[{ path: junk, firstPage: 1, lastPage: 1 }]])).rejects.toThrow();
  });
});
