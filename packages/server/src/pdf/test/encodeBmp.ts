/** Writes an uncompressed bottom-up BMP (24-bit, 32-bit BGRX, or 8-bit palette) for tests. */
export function encodeBmp(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
  bits: 8 | 24 | 32,
  dpi = 0,
): Buffer {
  const palette: [number, number, number][] = [];
  const indexOf = new Map<string, number>();
  if (bits === 8) {
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const colour = pixel(x, y);
        const key = colour.join(',');
        if (!indexOf.has(key)) {
          indexOf.set(key, palette.length);
          palette.push(colour);
        }
      }
    }
  }
  const paletteBytes = bits === 8 ? 256 * 4 : 0;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const offset = 14 + 40 + paletteBytes;
  const file = Buffer.alloc(offset + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bits, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(stride * height, 34);
  file.writeInt32LE(Math.round(dpi / 0.0254), 38);
  file.writeInt32LE(Math.round(dpi / 0.0254), 42);
  palette.forEach(([r, g, b], i) => {
    file[54 + i * 4] = b;
    file[54 + i * 4 + 1] = g;
    file[54 + i * 4 + 2] = r;
  });
  for (let y = 0; y < height; y += 1) {
    const row = offset + (height - 1 - y) * stride;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      if (bits === 8) {
        file[row + x] = indexOf.get([r, g, b].join(',')) ?? 0;
      } else {
        const at = row + x * (bits / 8);
        file[at] = b;
        file[at + 1] = g;
        file[at + 2] = r;
      }
    }
  }
  return file;
}
