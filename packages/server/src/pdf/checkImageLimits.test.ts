import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { jpegClaiming, pngClaiming, tiffWithPages } from '../test/hostileFiles';
import { MAX_TIFF_PAGES, checkImageLimits } from './checkImageLimits';
import { ImageLimitError } from './ImageLimitError';

describe('checkImageLimits', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'image-limits-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const check = async (name: string, content: Buffer): Promise<unknown> => {
    const path = join(dir, name);
    await writeFile(path, content);
    return checkImageLimits(path, name.slice(name.lastIndexOf('.') + 1)).then(
      () => null,
      (error: unknown) => error,
    );
  };

  it('refuses a PNG header claiming 50,000 × 50,000 pixels, in words', async () => {
    const error = await check('bomb.png', pngClaiming(50_000, 50_000));
    expect(error).toBeInstanceOf(ImageLimitError);
    expect(error).toMatchObject({
      message: 'The image is 50,000 × 50,000 pixels; images of up to 150,000,000 pixels (about 12,000 × 12,000) are accepted.',
    });
  });

  it('words its refusals in German too, with German numbers', async () => {
    const image = await check('bomb-de.png', pngClaiming(50_000, 50_000));
    expect(image).toBeInstanceOf(ImageLimitError);
    expect((image as ImageLimitError).wording?.('de-DE')).toBe(
      'Das Bild hat 50.000 × 50.000 Pixel; angenommen werden Bilder mit bis zu 150.000.000 Pixeln (etwa 12.000 × 12.000).',
    );
    const pages = (await check('pages-de.tif', tiffWithPages(10_000))) as ImageLimitError;
    expect(pages.wording?.('de')).toBe('Die TIFF-Datei hat mehr als 1.000 Seiten; angenommen werden TIFF-Dateien mit bis zu 1.000 Seiten.');
    const page = (await check('wide-de.tiff', tiffWithPages(2, 40_000, 40_000))) as ImageLimitError;
    expect(page.wording?.('de')).toMatch(/^Seite 1 der TIFF-Datei hat 40\.000 × 40\.000 Pixel/);
  });

  it('refuses a JPEG header claiming 65,000 × 65,000 pixels', async () => {
    expect(await check('bomb.jpg', jpegClaiming(65_000, 65_000))).toBeInstanceOf(ImageLimitError);
  });

  it('refuses a TIFF of 10,000 pages, and one page over the pixel limit', async () => {
    const error = await check('pages.tif', tiffWithPages(10_000));
    expect(error).toBeInstanceOf(ImageLimitError);
    expect(error).toMatchObject({ message: `The TIFF has more than 1,000 pages; TIFFs of up to 1,000 pages are accepted.` });
    expect(await check('wide.tiff', tiffWithPages(2, 40_000, 40_000))).toMatchObject({
      message: expect.stringMatching(/^Page 1 of the TIFF is 40,000 × 40,000 pixels/),
    });
  });

  it('accepts real images and TIFFs within the limits', async () => {
    expect(
      await check(
        'ok.png',
        await sharp({ create: { width: 64, height: 32, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(
      await check(
        'ok.jpg',
        await sharp({ create: { width: 64, height: 32, channels: 3, background: '#123456' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(await check('ok.tif', tiffWithPages(MAX_TIFF_PAGES))).toBeNull();
    expect(await check('header.png', pngClaiming(12_000, 12_000))).toBeNull();
    expect(await check('notes.txt', Buffer.from('plain text'))).toBeNull();
  });
});
