import sharp from 'sharp';

/** A4 at 300 dpi, the resolution office scanners write bilevel pages at. */
const G4_DPI = 300;
/** A4 at 150 dpi, the usual resolution of colour scans. */
const COLOUR_DPI = 150;
const A4_INCHES: [number, number] = [8.27, 11.69];

function pixelsOf(dpi: number): [number, number] {
  return [Math.round(A4_INCHES[0] * dpi), Math.round(A4_INCHES[1] * dpi)];
}

/** An invoice-like page (heading, 30 item lines, a stamp, a footer) as SVG at `dpi`. */
function invoicePageSvg(page: number, pages: number, dpi: number, colour: boolean): Buffer {
  const [width, height] = pixelsOf(dpi);
  const k = dpi / 72;
  const lines = Array.from({ length: 30 }, (_, line) => {
    const amount = ((page * 37 + line * 11) % 900) + 100;
    return `<text x="${45 * k}" y="${(150 + line * 21) * k}" font-size="${13 * k}" font-family="sans-serif">Item ${page}.${line + 1}  Office supplies, box of ${line + 2}  ${amount}.00 USD</text>`;
  }).join('');
  const background = colour ? '#f4f2ec' : '#ffffff';
  const stamp = colour
    ? `<rect x="${380 * k}" y="${60 * k}" width="${170 * k}" height="${50 * k}" rx="${8 * k}" fill="none" stroke="#c0392b" stroke-width="${3 * k}"/>` +
      `<text x="${395 * k}" y="${95 * k}" font-size="${22 * k}" fill="#c0392b" font-family="sans-serif">RECEIVED</text>` +
      `<rect x="${45 * k}" y="${110 * k}" width="${505 * k}" height="${4 * k}" fill="#1f4e99"/>`
    : `<rect x="${45 * k}" y="${110 * k}" width="${505 * k}" height="${3 * k}" fill="#000"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="${background}"/>` +
      `<text x="${45 * k}" y="${90 * k}" font-size="${24 * k}" font-weight="bold" font-family="sans-serif">Litware Office — scanned invoice</text>` +
      stamp +
      lines +
      `<text x="${215 * k}" y="${805 * k}" font-size="${22 * k}" font-weight="bold" font-family="sans-serif">Page ${page} of ${pages}</text></svg>`,
  );
}

/**
 * A multi-page bilevel TIFF as document scanners write it: CCITT Group 4, PhotometricInterpretation
 * WhiteIsZero, 300 dpi A4, one strip per page. sharp writes G4 only from a single band, so the
 * joined pages have their one grey band extracted; `tileHeight` sets RowsPerStrip of a striped TIFF.
 */
export async function makeG4Tiff(pages: number): Promise<Buffer> {
  const [, height] = pixelsOf(G4_DPI);
  const frames: Buffer[] = [];
  for (let page = 1; page <= pages; page++) {
    frames.push(
      await sharp(invoicePageSvg(page, pages, G4_DPI, false))
        .flatten({ background: '#ffffff' })
        .greyscale()
        .png()
        .toBuffer(),
    );
  }
  return sharp(frames, { join: { animated: true } })
    .extractChannel(0)
    .threshold(128)
    .tiff({ compression: 'ccittfax4', bitdepth: 1, miniswhite: true, xres: G4_DPI / 25.4, yres: G4_DPI / 25.4, tileHeight: height })
    .toBuffer();
}

/** A multi-page colour TIFF as colour scans come: JPEG-compressed YCbCr, 150 dpi A4. */
export async function makeColourTiff(pages: number): Promise<Buffer> {
  const frames: Buffer[] = [];
  for (let page = 1; page <= pages; page++) {
    frames.push(
      await sharp(invoicePageSvg(page, pages, COLOUR_DPI, true))
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer(),
    );
  }
  return sharp(frames, { join: { animated: true } })
    .removeAlpha()
    .tiff({ compression: 'jpeg', quality: 80, xres: COLOUR_DPI / 25.4, yres: COLOUR_DPI / 25.4 })
    .toBuffer();
}
