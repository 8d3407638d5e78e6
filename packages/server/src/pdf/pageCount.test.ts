import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { countPages } from './pageCount';
import { extractPageText } from './pageText';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-count-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('countPages', () => {
  test('counts PDF pages', async () => {
    const path = join(dir, 'seven.pdf');
    await writeFile(path, await makeTextPdf(['1', '2', '3', '4', '5', '6', '7']));
    expect(await countPages(path, 'pdf')).toBe(7);
    expect(await countPages(path, 'PDF')).toBe(7);
  });

  test('counts TIFF pages; other images and other types are one page', async () => {
    const page = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tiffPath = join(dir, 'two.tiff');
    await writeFile(
      tiffPath,
      await sharp([page, page], { join: { animated: true } })
        .tiff()
        .toBuffer(),
    );
    expect(await countPages(tiffPath, 'tiff')).toBe(2);
    const pngPath = join(dir, 'one.png');
    await writeFile(pngPath, page);
    expect(await countPages(pngPath, 'png')).toBe(1);
    const txtPath = join(dir, 'notes.txt');
    await writeFile(txtPath, 'hello');
    expect(await countPages(txtPath, 'txt')).toBe(1);
  });

  test('counts the pages of a PDF locked with a user password (PDFium refuses it; pdf-lib reads the page tree)', async () => {
    const pdf = await PDFDocument.load(await makeTextPdf(['a', 'b', 'c']));
    pdf.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    const path = join(dir, 'locked.pdf');
    await writeFile(path, await pdf.save());
    await expect(extractPageText(path, 1)).rejects.toThrow();
    expect(await countPages(path, 'pdf')).toBe(3);
  });

  test('a damaged PDF rejects', async () => {
    const path = join(dir, 'bad.pdf');
    await writeFile(path, '%PDF-1.7\ngarbage');
    await expect(countPages(path, 'pdf')).rejects.toThrow();
  });
});
