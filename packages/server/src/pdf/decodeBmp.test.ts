import { decodeBmp } from './decodeBmp';
import { encodeBmp } from './test/encodeBmp';

/** Left half red, right half blue, bottom-right pixel green: tells orientation and channel order apart. */
const pattern =
  (width: number, height: number) =>
  (x: number, y: number): [number, number, number] => {
    if (x === width - 1 && y === height - 1) return [0, 200, 0];
    return x < width / 2 ? [220, 10, 10] : [10, 10, 220];
  };

function pixelAt(rgb: Buffer, width: number, x: number, y: number): number[] {
  const at = (y * width + x) * 3;
  return [rgb[at] ?? -1, rgb[at + 1] ?? -1, rgb[at + 2] ?? -1];
}

describe('decodeBmp', () => {
  test.each([8, 24, 32] as const)('decodes %i-bit bitmaps (odd width, row padding, bottom-up)', (bits) => {
    const bmp = decodeBmp(encodeBmp(7, 5, pattern(7, 5), bits, 300));
    expect([bmp.width, bmp.height, bmp.dpi]).toEqual([7, 5, 300]);
    expect(bmp.rgb.length).toBe(7 * 5 * 3);
    expect(pixelAt(bmp.rgb, 7, 0, 0)).toEqual([220, 10, 10]);
    expect(pixelAt(bmp.rgb, 7, 6, 0)).toEqual([10, 10, 220]);
    expect(pixelAt(bmp.rgb, 7, 6, 4)).toEqual([0, 200, 0]);
    expect(pixelAt(bmp.rgb, 7, 5, 4)).toEqual([10, 10, 220]);
  });

  test('a top-down bitmap (negative height) is not flipped', () => {
    const file = encodeBmp(4, 3, pattern(4, 3), 24);
    // Make it top-down: negate the height and reverse the row order.
    const stride = 12;
    const rows = [0, 1, 2].map((i) => Buffer.from(file.subarray(54 + i * stride, 54 + (i + 1) * stride)));
    rows.reverse().forEach((row, i) => row.copy(file, 54 + i * stride));
    file.writeInt32LE(-3, 22);
    const bmp = decodeBmp(file);
    expect(pixelAt(bmp.rgb, 4, 3, 2)).toEqual([0, 200, 0]);
    expect(bmp.dpi).toBeNull();
  });

  test('refuses RLE, truncated data and absurd sizes', () => {
    const rle = encodeBmp(4, 4, pattern(4, 4), 8);
    rle.writeUInt32LE(1, 30);
    expect(() => decodeBmp(rle)).toThrow('compression');
    const truncated = encodeBmp(40, 40, pattern(40, 40), 24).subarray(0, 500);
    expect(() => decodeBmp(truncated)).toThrow('truncated');
    const huge = encodeBmp(2, 2, pattern(2, 2), 24);
    huge.writeInt32LE(50_000, 18);
    huge.writeInt32LE(50_000, 22);
    expect(() => decodeBmp(huge)).toThrow('too large');
    expect(() => decodeBmp(Buffer.from('GIF89a............................'))).toThrow('BM');
  });
});
