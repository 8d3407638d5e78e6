import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { degrees, PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { cidFontPdf } from './cidFontPdf';
import { cmykIccProfile, greyIccProfile, srgbIccProfile } from './iccProfiles';
import { imagePdf } from './imagePdf';
import { type RawPdfObject, writeRawPdf } from './rawPdf';
import { ascii85Encode, asciiHexEncode, lzwEncode, runLengthEncode } from './streamEncoders';
import { tiffStrip } from './tiffStrip';

const run = promisify(execFile);

/** One file of the corpus and what the suite may expect of it. */
export interface CorpusFile {
  /** A short name, also the file's name when uploaded (`<name>.pdf`). */
  name: string;
  bytes: Buffer;
  /** Its page 1 is an image filling the page: a blank drawing of it would be a lost page. */
  image: boolean;
  /** Words its page 1 shows (checked against pdftotext and the viewer's text layer); empty for image pages. */
  words: readonly string[];
  /**
   * Why bare pdf.js cannot be the reference for this page (a pdf.js defect the viewer works
   * around): the viewer's drawing is then compared with poppler's instead.
   */
  pdfjsDefect?: string;
}

/** Image side in pixels: small, as ImageMagick's 16 × 16 files, but with a visible pattern. */
const SIDE = 16;
/** Every image page is this many points square, so the viewer draws it large enough to compare. */
const PAGE = 200;

/** A grey ramp across and down: every value differs from its neighbours, so a wrong decode shows. */
function greyPixels(): Uint8Array {
  const pixels = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) pixels[y * SIDE + x] = (x * 15 + y * 7) & 0xff;
  return pixels;
}

/** An RGB pattern: red across, green down, blue checkered. */
function rgbPixels(): Uint8Array {
  const pixels = new Uint8Array(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) pixels.set([x * 16, y * 16, (x + y) % 2 === 0 ? 220 : 40], (y * SIDE + x) * 3);
  return pixels;
}

/** A CMYK pattern: cyan across, magenta down, a little black, no yellow. */
function cmykPixels(): Uint8Array {
  const pixels = new Uint8Array(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) pixels.set([x * 16, y * 16, 0, (x + y) * 4], (y * SIDE + x) * 4);
  return pixels;
}

const dims = `/Width ${SIDE} /Height ${SIDE}`;

/** A page of one image: `colourSpace` and `filter` as PDF syntax, objects 6.. for what they refer to. */
function imageFile(
  name: string,
  colourSpace: string,
  bits: number,
  stream: Uint8Array,
  filter = '',
  extra: RawPdfObject[] = [],
  more = '',
): CorpusFile {
  const image = { entries: `${dims} /ColorSpace ${colourSpace} /BitsPerComponent ${bits} ${filter} ${more}`.trim(), stream };
  return { name, bytes: imagePdf({ width: PAGE, height: PAGE, image, extra: () => extra }), image: true, words: [] };
}

/** The image files: colour spaces, encodings, JPEG, CCITT, masks. */
async function imageFiles(workDir: string): Promise<CorpusFile[]> {
  const grey = greyPixels();
  const rgbData = rgbPixels();
  const cmyk = cmykPixels();
  const srgb = await srgbIccProfile();
  const flate = '/Filter /FlateDecode';
  const files: CorpusFile[] = [
    imageFile('gray-flate', '/DeviceGray', 8, deflateSync(grey), flate),
    imageFile('rgb-flate', '/DeviceRGB', 8, deflateSync(rgbData), flate),
    imageFile('cmyk-flate', '/DeviceCMYK', 8, deflateSync(cmyk), flate),
    imageFile('icc-gray-profile-flate', '[/ICCBased 6 0 R]', 8, deflateSync(grey), flate, [
      { body: '<< /N 1 /Alternate /DeviceGray >>', stream: greyIccProfile() },
    ]),
    imageFile('icc-rgb-flate', '[/ICCBased 6 0 R]', 8, deflateSync(rgbData), flate, [
      { body: '<< /N 3 /Alternate /DeviceRGB >>', stream: srgb },
    ]),
    imageFile('icc-cmyk-flate', '[/ICCBased 6 0 R]', 8, deflateSync(cmyk), flate, [
      { body: '<< /N 4 /Alternate /DeviceCMYK >>', stream: await cmykIccProfile() },
    ]),
    imageFile('gray-4bit', '/DeviceGray', 4, packNibbles(grey)),
    imageFile(
      'indexed-rgb',
      '[/Indexed /DeviceRGB 3 <ff0000 00a000 0000ff f0c020>]',
      8,
      Uint8Array.from(grey, (value) => value % 4),
    ),
    imageFile(
      'separation-spot',
      '[/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0.1 0.9 0.6 0] /N 1 >>]',
      8,
      grey,
    ),
    imageFile('gray-lzw', '/DeviceGray', 8, lzwEncode(grey), '/Filter /LZWDecode'),
    imageFile('rgb-lzw-noise', '/DeviceRGB', 8, lzwEncode(noise(SIDE * SIDE * 3)), '/Filter /LZWDecode'),
    imageFile('gray-ascii85', '/DeviceGray', 8, ascii85Encode(grey), '/Filter /ASCII85Decode'),
    imageFile('gray-asciihex', '/DeviceGray', 8, asciiHexEncode(grey), '/Filter /ASCIIHexDecode'),
    imageFile('gray-runlength', '/DeviceGray', 8, runLengthEncode(grey), '/Filter /RunLengthDecode'),
    imageFile('rgb-ascii85-flate', '/DeviceRGB', 8, ascii85Encode(deflateSync(rgbData)), '/Filter [/ASCII85Decode /FlateDecode]'),
    ...imageMagickGreyIccFiles(grey, srgb),
    ...(await jpegFiles(grey, rgbData)),
    ...maskFiles(grey, rgbData),
    await ccittFile(workDir),
    ...(await ccittG3Files(workDir)),
    ...(await jpxFiles(workDir, grey, rgbData)),
  ];
  return files;
}

/** Pseudo-random bytes (a fixed LCG): long enough that LZW's codes grow to 12 bits and the table is cleared. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = 42;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** 8-bit grey to 4-bit, two pixels a byte (rows of 16 pixels end on a byte). */
function packNibbles(grey: Uint8Array): Uint8Array {
  const packed = new Uint8Array(grey.length / 2);
  for (let i = 0; i < packed.length; i++) packed[i] = (grey[2 * i] & 0xf0) | (grey[2 * i + 1] >> 4);
  return packed;
}

/**
 * The three ImageMagick files of the report made again: a grey image whose source carried an
 * sRGB profile, written as ImageMagick's coders/pdf.c writes it — `[/ICCBased n 0 R]` whose
 * stream says `/N 1 /Alternate /DeviceGray` (the image's channel count, not the profile's) with
 * the profile in ASCII85 — the image plain, LZW- or ASCII85-encoded, named Im0.
 */
function imageMagickGreyIccFiles(grey: Uint8Array, srgb: Buffer): CorpusFile[] {
  const profile: RawPdfObject = { body: '<< /N 1 /Filter /ASCII85Decode /Alternate /DeviceGray >>', stream: ascii85Encode(srgb) };
  const defect = 'pdf.js 5.6 builds a grey qcms transform from the RGB profile and traps ("RuntimeError: unreachable"): a blank page';
  return [
    ['imagemagick-icc-gray-plain', grey, ''],
    ['imagemagick-icc-gray-lzw', lzwEncode(grey), '/Filter [ /LZWDecode ]'],
    ['imagemagick-icc-gray-ascii85', ascii85Encode(grey), '/Filter [ /ASCII85Decode ]'],
  ].map(([name, stream, filter]) => ({
    ...imageFile(name as string, '6 0 R', 8, stream as Uint8Array, filter as string, [{ body: '[/ICCBased 7 0 R]' }, profile]),
    pdfjsDefect: defect,
  }));
}

/** DCT: grey, RGB and CMYK JPEGs from sharp (the CMYK one Adobe-inverted, as Photoshop writes it; pdf.js and poppler both read the APP14 marker). */
async function jpegFiles(grey: Uint8Array, rgbData: Uint8Array): Promise<CorpusFile[]> {
  const big = { kernel: 'nearest' as const };
  // b-w: one component, as /DeviceGray says (sharp would otherwise write three).
  const greyJpeg = await sharp(Buffer.from(grey), { raw: { width: SIDE, height: SIDE, channels: 1 } })
    .resize(64, 64, big)
    .toColourspace('b-w')
    .jpeg({ quality: 90 })
    .toBuffer();
  const rgbJpeg = await sharp(Buffer.from(rgbData), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .resize(64, 64, big)
    .jpeg({ quality: 90 })
    .toBuffer();
  const cmykJpeg = await sharp(Buffer.from(rgbData), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .resize(64, 64, big)
    .toColourspace('cmyk')
    .jpeg({ quality: 90 })
    .toBuffer();
  const jpeg = (name: string, space: string, bytes: Buffer, decode = ''): CorpusFile => {
    const image = {
      entries: `/Width 64 /Height 64 /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode ${decode}`.trim(),
      stream: bytes,
    };
    return { name, bytes: imagePdf({ width: PAGE, height: PAGE, image }), image: true, words: [] };
  };
  return [
    jpeg('dct-gray', '/DeviceGray', greyJpeg),
    jpeg('dct-rgb', '/DeviceRGB', rgbJpeg),
    jpeg('dct-cmyk', '/DeviceCMYK', cmykJpeg, '/Decode [1 0 1 0 1 0 1 0]'),
  ];
}

/** Masks: a stencil mask (ImageMask), a colour-key mask, an explicit mask image and a soft mask, each over a coloured backdrop. */
function maskFiles(grey: Uint8Array, rgbData: Uint8Array): CorpusFile[] {
  const backdrop = `0.2 0.5 0.9 rg 0 0 ${PAGE} ${PAGE} re f `;
  const bits = new Uint8Array(SIDE * 2);
  for (let y = 0; y < SIDE; y++) {
    const row = y % 4 < 2 ? 0b11001100 : 0b00110011;
    bits[y * 2] = row;
    bits[y * 2 + 1] = row;
  }
  const page = (name: string, entries: string, stream: Uint8Array, extra: RawPdfObject[] = []): CorpusFile => ({
    name,
    bytes: imagePdf({ width: PAGE, height: PAGE, image: { entries, stream }, extra: () => extra, backdrop: `${backdrop}0.8 0.1 0.1 rg ` }),
    image: true,
    words: [],
  });
  return [
    page('mask-stencil', `${dims} /ImageMask true /BitsPerComponent 1`, bits),
    page('mask-color-key', `${dims} /ColorSpace /DeviceGray /BitsPerComponent 8 /Mask [0 120]`, grey),
    page('mask-explicit', `${dims} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Mask 6 0 R`, rgbData, [
      { body: `<< /Type /XObject /Subtype /Image ${dims} /ImageMask true /BitsPerComponent 1 >>`, stream: bits },
    ]),
    page('mask-soft', `${dims} /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask 6 0 R`, rgbData, [
      { body: `<< /Type /XObject /Subtype /Image ${dims} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`, stream: grey },
    ]),
  ];
}

/** CCITT G4: a 1-bit TIFF from sharp (ccittfax4), put into a PDF by Debian's tiff2pdf, which passes G4 data through. */
async function ccittFile(workDir: string): Promise<CorpusFile> {
  const width = 256;
  const pixels = scanPixels(width);
  const tiff = join(workDir, 'ccitt.tif');
  const pdf = join(workDir, 'ccitt.pdf');
  await sharp(Buffer.from(pixels), { raw: { width, height: width, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: 3.78, yres: 3.78 })
    .toFile(tiff);
  await run('tiff2pdf', ['-o', pdf, tiff]).catch((error: unknown) => {
    throw new Error(`tiff2pdf could not write the CCITT file (install Debian's libtiff-tools, as .ci/run does): ${String(error)}`);
  });
  return { name: 'ccitt-g4-tiff2pdf', bytes: await readFile(pdf), image: true, words: [] };
}

/** The corpus's scan: checks of 64 pixels, 256 square, black top left (a scan's shapes, not a pattern so fine that two engines' edge smoothing is all a comparison sees). */
function scanPixels(width: number): Uint8Array {
  const pixels = new Uint8Array(width * width);
  for (let y = 0; y < width; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = (x >> 6) % 2 === (y >> 6) % 2 ? 0 : 255;
  return pixels;
}

/**
 * CCITT G3, one-dimensional (K 0) and two-dimensional (K > 0): libtiff's `tiffcp -c g3` /
 * `-c g3:2d` writes the data (an EOL before each row, RTC at the end, as fax machines send it);
 * the PDF's CCITTFaxDecode parameters are written here around its one strip.
 */
async function ccittG3Files(workDir: string): Promise<CorpusFile[]> {
  const width = 256;
  const plain = join(workDir, 'g3-plain.tif');
  await sharp(Buffer.from(scanPixels(width)), { raw: { width, height: width, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'none', bitdepth: 1 })
    .toFile(plain);
  const files: CorpusFile[] = [];
  for (const [name, compression] of [
    ['ccitt-g3-1d', 'g3:1d'],
    ['ccitt-g3-2d', 'g3:2d'],
  ]) {
    const coded = join(workDir, `${name}.tif`);
    await run('tiffcp', ['-c', compression, '-r', String(width), plain, coded]).catch((error: unknown) => {
      throw new Error(`tiffcp could not write the CCITT G3 file (install Debian's libtiff-tools, as .ci/run does): ${String(error)}`);
    });
    const strip = tiffStrip(await readFile(coded));
    // K > 0: each row's EOL is followed by a tag bit saying 1-D or 2-D; libtiff codes at most every
    // second row (maxk 2 at this resolution) two-dimensionally.
    const k = (strip.t4Options & 1) === 1 ? 2 : 0;
    const parameters = `<< /K ${k} /Columns ${strip.width} /Rows ${strip.height} /EndOfLine true /EncodedByteAlign ${(strip.t4Options & 4) === 4} /BlackIs1 false >>`;
    // BlackIsZero data: the coder's "white" runs are 0 bits, here black, so the image inverts them back.
    const decode = strip.photometric === 1 ? '/Decode [1 0]' : '';
    const image = {
      entries:
        `/Width ${strip.width} /Height ${strip.height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms ${parameters} ${decode}`.trim(),
      stream: strip.data,
    };
    files.push({ name, bytes: imagePdf({ width: PAGE, height: PAGE, image }), image: true, words: [] });
  }
  return files;
}

/** JPX (JPEG 2000, lossless) from Debian's openjpeg tools: grey as a JP2 file (its colour space from the file's own header), RGB as a bare codestream with /DeviceRGB. */
async function jpxFiles(workDir: string, grey: Uint8Array, rgbData: Uint8Array): Promise<CorpusFile[]> {
  const netpbm = (magic: string, pixels: Uint8Array): Buffer =>
    Buffer.concat([Buffer.from(`${magic}\n${SIDE} ${SIDE}\n255\n`, 'latin1'), Buffer.from(pixels)]);
  const encode = async (name: string, source: Buffer, extension: string, target: string): Promise<Buffer> => {
    const input = join(workDir, `${name}.${extension}`);
    const output = join(workDir, `${name}.${target}`);
    await writeFile(input, source);
    // Two resolution levels: the default six need an image of at least 32 pixels a side.
    await run('opj_compress', ['-i', input, '-o', output, '-n', '2']).catch((error: unknown) => {
      throw new Error(`opj_compress could not write the JPX file (install Debian's libopenjp2-tools, as .ci/run does): ${String(error)}`);
    });
    return readFile(output);
  };
  const greyJp2 = await encode('jpx-gray', netpbm('P5', grey), 'pgm', 'jp2');
  const rgbJ2k = await encode('jpx-rgb', netpbm('P6', rgbData), 'ppm', 'j2k');
  const page = (name: string, entries: string, stream: Buffer): CorpusFile => ({
    name,
    bytes: imagePdf({ width: PAGE, height: PAGE, image: { entries: `${dims} ${entries} /Filter /JPXDecode`, stream } }),
    image: true,
    words: [],
  });
  return [page('jpx-gray-jp2', '', greyJp2), page('jpx-rgb-codestream', '/ColorSpace /DeviceRGB /BitsPerComponent 8', rgbJ2k)];
}

/**
 * CID-keyed text (Type0 over CIDFontType2, DejaVu Sans embedded whole): horizontal under
 * Identity-H, vertical writing under Identity-V, and Hebrew, right to left, drawn as a PDF holds
 * it (glyphs in visual order, right to left reversed, as Word and browsers write Hebrew).
 */
async function cidFontFiles(): Promise<CorpusFile[]> {
  const font = await readFile(TRUETYPE_FONT);
  const visual = (text: string): string => [...text].reverse().join('');
  return [
    {
      name: 'font-cid-identity-h',
      bytes: cidFontPdf({
        font,
        encoding: 'Identity-H',
        runs: [
          { x: 30, y: 200, text: 'Quarterly Statement' },
          { x: 30, y: 150, text: 'Datahaven' },
        ],
        size: 28,
        width: 400,
        height: 300,
      }),
      image: false,
      words: ['Quarterly', 'Statement', 'Datahaven'],
    },
    {
      name: 'font-cid-vertical',
      bytes: cidFontPdf({
        font,
        encoding: 'Identity-V',
        runs: [
          { x: 120, y: 370, text: 'INVOICE' },
          { x: 200, y: 370, text: 'VENDOR' },
        ],
        size: 36,
        width: 300,
        height: 400,
      }),
      image: false,
      words: ['INVOICE', 'VENDOR'],
    },
    {
      name: 'font-cid-hebrew-rtl',
      bytes: cidFontPdf({
        font,
        encoding: 'Identity-H',
        runs: [
          { x: 60, y: 200, text: visual('חשבונית ספק') },
          { x: 60, y: 140, text: visual('סכום לתשלום') },
        ],
        size: 32,
        width: 400,
        height: 300,
      }),
      image: false,
      words: ['חשבונית', 'ספק', 'סכום', 'לתשלום'],
    },
  ];
}

/** Text: the standard 14 (not embedded), an embedded TrueType font from the machine, a Type 3 font, a TrueType font named but not embedded. */
async function fontFiles(): Promise<CorpusFile[]> {
  const files: CorpusFile[] = [];
  const standard = await PDFDocument.create();
  const page = standard.addPage([400, 300]);
  const fonts = [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier, StandardFonts.HelveticaBold];
  const words = ['Invoice', 'Amount', 'Remittance', 'Vendor'];
  for (const [index, fontName] of fonts.entries())
    page.drawText(`${words[index]} ${1000 + index}`, { x: 30, y: 240 - index * 50, size: 24, font: await standard.embedFont(fontName) });
  files.push({
    name: 'font-standard14',
    bytes: Buffer.from(await standard.save()),
    image: false,
    words: [...words, '1000', '1001', '1002', '1003'],
  });

  files.push({
    name: 'font-truetype-embedded',
    bytes: await trueTypePdf(true),
    image: false,
    words: ['Quarterly', 'Statement', 'Datahaven'],
  });
  files.push({
    name: 'font-truetype-not-embedded',
    bytes: await trueTypePdf(false),
    image: false,
    words: ['Quarterly', 'Statement', 'Datahaven'],
  });
  files.push({ name: 'font-type3', bytes: type3Pdf(), image: false, words: ['ABBA', 'BAA'] });
  return files;
}

/** A font file every Debian machine with fonts-dejavu-core has; the suite's Chromium needs it too. */
const TRUETYPE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Text in DejaVu Sans as a simple TrueType font (WinAnsi), embedded as FontFile2 or only named. */
async function trueTypePdf(embedded: boolean): Promise<Buffer> {
  const content = Buffer.from('BT /F1 28 Tf 30 200 Td (Quarterly Statement) Tj 0 -50 Td (Datahaven) Tj ET\n', 'latin1');
  const fontFile: RawPdfObject[] = embedded
    ? [{ body: '<< /Filter /FlateDecode >>', stream: deflateSync(await readFile(TRUETYPE_FONT)) }]
    : [];
  const descriptor = `<< /Type /FontDescriptor /FontName /DejaVuSans /Flags 32 /FontBBox [-1021 -463 1793 1232] /ItalicAngle 0 /Ascent 928 /Descent -236 /CapHeight 729 /StemV 80${embedded ? ' /FontFile2 7 0 R' : ''} >>`;
  return writeRawPdf(
    [
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>' },
      { body: '<< >>', stream: content },
      { body: `<< /Type /Font /Subtype /TrueType /BaseFont /DejaVuSans /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>` },
      { body: descriptor },
      ...fontFile,
    ],
    1,
  );
}

/** A Type 3 font of two glyphs drawn as paths (A a triangle, B a box), with a ToUnicode map so the text can be found. */
function type3Pdf(): Buffer {
  const glyphA = Buffer.from('1000 0 0 0 800 1000 d1 0 0 m 400 1000 l 800 0 l h f\n', 'latin1');
  const glyphB = Buffer.from('1000 0 0 0 800 1000 d1 0 0 800 1000 re f 1 g 200 200 400 600 re f\n', 'latin1');
  const toUnicode = Buffer.from(
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def 1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <41> <0041> <42> <0042> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end\n',
    'latin1',
  );
  const content = Buffer.from('BT /T3 40 Tf 40 180 Td (ABBA) Tj 0 -80 Td (BAA) Tj ET\n', 'latin1');
  return writeRawPdf(
    [
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /Font << /T3 5 0 R >> >> /Contents 4 0 R >>' },
      { body: '<< >>', stream: content },
      {
        body: '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R /b 7 0 R >> /Encoding << /Type /Encoding /Differences [65 /a /b] >> /FirstChar 65 /LastChar 66 /Widths [1000 1000] /Resources << >> /ToUnicode 8 0 R >>',
      },
      { body: '<< >>', stream: glyphA },
      { body: '<< >>', stream: glyphB },
      { body: '<< >>', stream: toUnicode },
    ],
    1,
  );
}

/** Pages: turned 90/180/270, a CropBox off the MediaBox's origin, a 10 pt page, a 14400 pt page, and a 64-page deep tree. */
async function pageFiles(): Promise<CorpusFile[]> {
  const files: CorpusFile[] = [];
  const textPage = async (name: string, size: [number, number], setUp: (doc: PDFDocument) => void): Promise<CorpusFile> => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage(size);
    const scale = Math.min(size[0], size[1]) / 400;
    page.drawRectangle({ x: size[0] * 0.1, y: size[1] * 0.6, width: size[0] * 0.3, height: size[1] * 0.3, color: rgb(0.8, 0.2, 0.1) });
    page.drawText('Turned Invoice', { x: size[0] * 0.1, y: size[1] * 0.3, size: 30 * scale, font });
    setUp(doc);
    return { name, bytes: Buffer.from(await doc.save()), image: false, words: ['Turned', 'Invoice'] };
  };
  for (const angle of [90, 180, 270])
    files.push(await textPage(`rotate-${angle}`, [400, 300], (doc) => doc.getPage(0).setRotation(degrees(angle))));
  files.push(
    await textPage('cropbox-offset', [400, 400], (doc) => {
      doc.getPage(0).setCropBox(30, 90, 300, 280);
    }),
  );
  files.push({ ...(await textPage('tiny-10pt', [10, 10], () => undefined)), words: [] });
  files.push(await textPage('huge-14400pt', [14400, 14400], () => undefined));
  files.push({ name: 'deep-tree-64', bytes: deepTreePdf(64), image: false, words: ['Page', '1', 'of', '64'] });
  return files;
}

/** `count` pages in a binary page tree (six levels for 64), each saying which page it is. */
function deepTreePdf(count: number): Buffer {
  const objects: RawPdfObject[] = [
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: '' },
    { body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ];
  const add = (object: RawPdfObject): number => objects.push(object);
  const node = (first: number, last: number, parent: number, self: number): void => {
    const kids: number[] = [];
    if (last - first === 1) {
      for (const number of [first, last]) {
        const content = add({
          body: '<< >>',
          stream: Buffer.from(`BT /F1 36 Tf 60 400 Td (Page ${number} of ${count}) Tj ET\n`, 'latin1'),
        });
        kids.push(
          add({
            body: `<< /Type /Page /Parent ${self} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
          }),
        );
      }
    } else {
      const middle = Math.floor((first + last) / 2);
      for (const [from, to] of [
        [first, middle],
        [middle + 1, last],
      ]) {
        const child = add({ body: '' });
        node(from, to, self, child);
        kids.push(child);
      }
    }
    objects[self - 1] = {
      body: `<< /Type /Pages${parent > 0 ? ` /Parent ${parent} 0 R` : ''} /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${last - first + 1} >>`,
    };
  };
  node(1, count, 0, 2);
  return writeRawPdf(objects, 1);
}

/**
 * Makes the rendering suite's corpus (docs/ARCHITECTURE.md "Rendering fidelity"): image colour
 * spaces and encodings, masks, fonts and page geometry, each a small PDF written here (pdf-lib,
 * sharp, hand-written objects) or by Debian's tiff2pdf, nothing downloaded.
 */
export async function makeRenderingCorpus(): Promise<CorpusFile[]> {
  const workDir = await mkdtemp(join(tmpdir(), 'datahaven-corpus-'));
  try {
    return [...(await imageFiles(workDir)), ...(await fontFiles()), ...(await cidFontFiles()), ...(await pageFiles())];
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Writes the corpus into a folder (to look at the files by hand: `npx ts-node test/rendering/corpus/makeRenderingCorpus.ts <dir>`). */
export async function writeRenderingCorpus(dir: string): Promise<string[]> {
  const files = await makeRenderingCorpus();
  await Promise.all(files.map((file) => writeFile(join(dir, `${file.name}.pdf`), file.bytes)));
  return files.map((file) => file.name);
}
