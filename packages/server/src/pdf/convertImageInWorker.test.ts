import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { pngClaiming } from '../test/hostileFiles';
import { convertImageInWorker } from './convertImageInWorker';
import { PdfWorkError } from './PdfWorkError';

describe('convertImageInWorker', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'convert-worker-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('converts an image to a PDF in the worker pool', async () => {
    const path = join(dir, 'ok.png');
    await writeFile(
      path,
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer(),
    );
    const pdf = await convertImageInWorker(path, 'png');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('rejects with PdfWorkError (the file is at fault) for an image it cannot decode', async () => {
    const path = join(dir, 'broken.png');
    await writeFile(path, pngClaiming(10, 10));
    await expect(convertImageInWorker(path, 'png')).rejects.toBeInstanceOf(PdfWorkError);
  });
});
