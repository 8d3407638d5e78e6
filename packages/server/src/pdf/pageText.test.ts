import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageText } from './pageText';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;
let pdfPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-text-'));
  pdfPath = join(dir, 'doc.pdf');
  await writeFile(pdfPath, await makeTextPdf(['Invoice PI-1001', 'Delivery note 77', 'Terms and conditions']));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('extractPageText', () => {
  test('reads each page text back', async () => {
    expect(await extractPageText(pdfPath, 1)).toContain('Invoice PI-1001');
    expect(await extractPageText(pdfPath, 2)).toContain('Delivery note 77');
    const third = await extractPageText(pdfPath, 3);
    expect(third).toContain('Terms and conditions');
    expect(third).not.toContain('Invoice');
  });

  test('a page outside the document is a RangeError', async () => {
    await expect(extractPageText(pdfPath, 4)).rejects.toBeInstanceOf(RangeError);
    await expect(extractPageText(pdfPath, 0)).rejects.toBeInstanceOf(RangeError);
  });

  test('a file that is not a PDF rejects', async () => {
    const bogus = join(dir, 'bogus.pdf');
    await writeFile(bogus, 'not a pdf at all');
    await expect(extractPageText(bogus, 1)).rejects.toThrow();
  });
});
