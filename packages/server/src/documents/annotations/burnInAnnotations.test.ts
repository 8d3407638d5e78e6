import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { ANNOTATION_TYPES } from '@datahaven/core/model';
import type { AnnotationFields } from '@datahaven/core/model';
import {
  applyMatrix,
  burnInAnnotations,
  displayToUserSpace,
  displayedSizeInPoints,
  normaliseRotation,
  pageFrameOf,
} from './burnInAnnotations';
import { centreOf, isNear, makeFramedPdf, pixelAtAnnotationPoint, renderPage } from './test/pagePixels';
import type { TestPageSpec } from './test/pagePixels';

const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const RENDER_WIDTH = 600;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-burn-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function rectangleOn(page: number, box = { x: 200, y: 300, width: 300, height: 200 }): AnnotationFields {
  return { type: ANNOTATION_TYPES.solidRectangle, page, color: 0x0000ff, ...box, content: null, size: null };
}

describe('normaliseRotation', () => {
  it('folds any multiple of 90 into 0..270', () => {
    expect([0, 90, 180, 270, 360, -90, 450, -270, 89].map(normaliseRotation)).toEqual([0, 90, 180, 270, 0, 270, 90, 90, 90]);
  });
});

describe('displayToUserSpace', () => {
  const frame = { x: 10, y: 20, width: 100, height: 200, userUnit: 1 };
  it('maps the displayed bottom-left and top-right corners onto the crop box corners for every rotation', () => {
    // Display points: bottom-left (0,0) and top-right (w,h) of the page as displayed.
    const cases = [
      { rotation: 0 as const, bottomLeft: { x: 10, y: 20 }, topRight: { x: 110, y: 220 } },
      { rotation: 90 as const, bottomLeft: { x: 110, y: 20 }, topRight: { x: 10, y: 220 } },
      { rotation: 180 as const, bottomLeft: { x: 110, y: 220 }, topRight: { x: 10, y: 20 } },
      { rotation: 270 as const, bottomLeft: { x: 10, y: 220 }, topRight: { x: 110, y: 20 } },
    ];
    for (const { rotation, bottomLeft, topRight } of cases) {
      const withRotation = { ...frame, rotation };
      const size = displayedSizeInPoints(withRotation);
      const matrix = displayToUserSpace(withRotation);
      expect(applyMatrix(matrix, { x: 0, y: 0 })).toEqual(bottomLeft);
      expect(applyMatrix(matrix, { x: size.width, y: size.height })).toEqual(topRight);
    }
  });

  it('divides by the user unit', () => {
    const withUnit = { ...frame, rotation: 0 as const, userUnit: 2 };
    expect(displayedSizeInPoints(withUnit)).toEqual({ width: 200, height: 400 });
    expect(applyMatrix(displayToUserSpace(withUnit), { x: 200, y: 400 })).toEqual({ x: 110, y: 220 });
  });
});

describe('burnInAnnotations', () => {
  const pages: TestPageSpec[] = [
    { mediaBox: [0, 0, 595, 842] },
    { mediaBox: [0, 0, 595, 842] },
    { mediaBox: [0, 0, 595, 842], rotate: 90 },
    { mediaBox: [0, 0, 595, 842], rotate: 180 },
    { mediaBox: [0, 0, 595, 842], rotate: 270 },
    { mediaBox: [-50, -80, 800, 1000], cropBox: [100, 120, 700, 900] },
    { mediaBox: [0, 0, 300, 420], userUnit: 2, rotate: -90 },
  ];
  let outPath: string;
  let frames: { width: number }[];

  beforeAll(async () => {
    const source = await makeFramedPdf(pages);
    const annotations = pages.slice(1).map((_, index) => rectangleOn(index + 2));
    const burned = await burnInAnnotations(source, annotations);
    outPath = join(dir, 'burned.pdf');
    await writeFile(outPath, burned);
    const loaded = await PDFDocument.load(burned);
    frames = loaded.getPages().map((page) => displayedSizeInPoints(pageFrameOf(page)));
    expect(loaded.getPageCount()).toBe(pages.length);
  });

  it.each([
    ['plain', 2],
    ['rotated 90°', 3],
    ['rotated 180°', 4],
    ['rotated 270°', 5],
    ['cropped with offsets', 6],
    ['with UserUnit 2, rotated -90°', 7],
  ])('a rectangle on a %s page shows its colour at its place and nowhere else', async (_label, page) => {
    const bitmap = await renderPage(outPath, page, RENDER_WIDTH);
    const annotation = rectangleOn(page);
    const width = frames[page - 1].width;
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, centreOf(annotation)), BLUE)).toBe(true);
    // Just inside each corner, and just outside each side.
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, { x: 215, y: 315 }), BLUE)).toBe(true);
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, { x: 485, y: 485 }), BLUE)).toBe(true);
    for (const outside of [
      { x: 180, y: 400 },
      { x: 520, y: 400 },
      { x: 350, y: 280 },
      { x: 350, y: 520 },
      { x: 50, y: 50 },
    ]) {
      expect(isNear(pixelAtAnnotationPoint(bitmap, width, outside), WHITE)).toBe(true);
    }
  });

  it('leaves a page without annotations white', async () => {
    const bitmap = await renderPage(outPath, 1, RENDER_WIDTH);
    expect(isNear(pixelAtAnnotationPoint(bitmap, frames[0].width, centreOf(rectangleOn(1))), WHITE)).toBe(true);
  });

  it('draws every type; text that Helvetica cannot show does not fail the output', async () => {
    const source = await makeFramedPdf([{ mediaBox: [0, 0, 595, 842], rotate: 90 }]);
    const all: AnnotationFields[] = [
      {
        type: 1,
        page: 1,
        color: 0x00aa00,
        x: 100,
        y: 100,
        width: 600,
        height: 200,
        content: 'wrong VAT — 19% 😀 中文\nsecond line',
        size: 14,
      },
      rectangleOn(1, { x: 100, y: 400, width: 100, height: 100 }),
      { type: 3, page: 1, color: 0xed1c24, x: 300, y: 400, width: 100, height: 100, content: null, size: null },
      { type: 4, page: 1, color: 0xed1c24, x: 500, y: 400, width: 100, height: 100, content: null, size: null },
      { type: 5, page: 1, color: 0xed1c24, x: 700, y: 400, width: 100, height: 100, content: null, size: null },
      { type: 6, page: 1, color: 0xed1c24, x: 100, y: 600, width: 500, height: -50, content: null, size: null },
      { type: 7, page: 1, color: 0xffcc00, x: 100, y: 700, width: 400, height: 200, content: 'x'.repeat(4000), size: 144 },
      { type: 8, page: 1, color: 0xffff00, x: 600, y: 700, width: 300, height: 60, content: null, size: null },
      { type: 2, page: 9, color: 0, x: 1, y: 1, width: 1, height: 1, content: null, size: null },
    ];
    const path = join(dir, 'all.pdf');
    await writeFile(path, await burnInAnnotations(source, all));
    const bitmap = await renderPage(path, 1, RENDER_WIDTH);
    const width = 842;
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, { x: 550, y: 450 }), [0xed, 0x1c, 0x24], 20)).toBe(true); // solid ellipse centre
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, { x: 750, y: 450 }), WHITE)).toBe(true); // hollow ellipse centre
    expect(isNear(pixelAtAnnotationPoint(bitmap, width, { x: 350, y: 450 }), WHITE)).toBe(true); // area centre
    // The textbox's first line reads left to right from its top-left corner, upright as displayed.
    const green = (region: { x0: number; y0: number; x1: number; y1: number }): number => {
      let count = 0;
      for (let y = region.y0; y < region.y1; y += 2) {
        for (let x = region.x0; x < region.x1; x += 2) {
          const [r, g, b] = pixelAtAnnotationPoint(bitmap, width, { x, y });
          if (g > 100 && r < 100 && b < 100) count++;
        }
      }
      return count;
    };
    expect(green({ x0: 100, y0: 100, x1: 300, y1: 140 })).toBeGreaterThan(20);
    expect(green({ x0: 500, y0: 100, x1: 700, y1: 300 })).toBe(0);
    expect(green({ x0: 100, y0: 300, x1: 700, y1: 330 })).toBe(0);
    const highlight = pixelAtAnnotationPoint(bitmap, width, { x: 750, y: 730 });
    expect(highlight[2]).toBeLessThan(220); // yellow over white: blue channel drops
    expect(highlight[0]).toBeGreaterThan(240);
  });
});
