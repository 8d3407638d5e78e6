import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The largest mean greyscale difference (0–255, at 96 × 96) allowed between two drawings of the
 * same page by the same engine at the same size (the viewer against bare pdf.js): measured 0.00
 * on every file of the corpus. A blank page against a drawn one is 30 or more.
 */
export const SAME_ENGINE_LIMIT = 2;

/**
 * The same between two engines (the viewer or PDFium's thumbnails against poppler), each with its
 * own anti-aliasing, colour conversion and image smoothing: measured 0.2 (viewer) and up to 8.2
 * (thumbnails of the Separation and CMYK images), after OTHER_ENGINE_BLUR.
 */
export const OTHER_ENGINE_LIMIT = 16;

/** Blur (sigma, in 96 × 96 pixels) before comparing two engines' drawings (meanAbsoluteDifference says why). */
export const OTHER_ENGINE_BLUR = 1.5;

/** The side images are reduced to before comparing: drawing details (anti-aliasing, a pixel of rounding) fall below it. */
const COMPARE_SIDE = 96;

/** Greyscale pixels of an image, resized to COMPARE_SIDE × COMPARE_SIDE, transparent parts on white, blurred by `blur` pixels (sigma) if given. */
async function greyPixels(png: Buffer, blur = 0): Promise<Buffer> {
  const small = sharp(png).flatten({ background: '#ffffff' }).greyscale().resize(COMPARE_SIDE, COMPARE_SIDE, { fit: 'fill' });
  return (blur > 0 ? sharp(await small.png().toBuffer()).blur(blur) : small).raw().toBuffer();
}

/**
 * Mean absolute difference (0–255) of two images' greyscale, both reduced to the same small
 * size: 0 for the same drawing, tens for a blank page against a drawn one. `blur` (a Gaussian's
 * sigma in those small pixels) is for drawings by two engines: each smooths and places the edges
 * of a fine pattern (a 1-bit scan's checks) its own way, a pixel apart, which is no difference to a reader.
 */
export async function meanAbsoluteDifference(a: Buffer, b: Buffer, blur = 0): Promise<number> {
  const [left, right] = await Promise.all([greyPixels(a, blur), greyPixels(b, blur)]);
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += Math.abs(left[i] - right[i]);
  return sum / left.length;
}

/** How many pixels of an image are not near-white (after flattening on white): 0 for a blank page. */
export async function inkOf(png: Buffer): Promise<number> {
  const pixels = await greyPixels(png);
  return pixels.filter((value) => value < 230).length;
}

/** Writes `left` and `right` side by side (same height) as `<dir>/<name>.png` and answers the path. */
export async function writeSideBySide(dir: string, name: string, left: Buffer, right: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const height = 400;
  const [a, b] = await Promise.all(
    [left, right].map((png) =>
      sharp(png).flatten({ background: '#ffffff' }).resize({ height, width: 400, fit: 'contain', background: '#ffffff' }).png().toBuffer(),
    ),
  );
  const file = join(dir, `${name}.png`);
  await sharp({ create: { width: 820, height, channels: 3, background: '#ff00ff' } })
    .composite([
      { input: a, left: 0, top: 0 },
      { input: b, left: 420, top: 0 },
    ])
    .png()
    .toFile(file);
  return file;
}
