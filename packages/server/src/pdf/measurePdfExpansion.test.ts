import { deflateSync } from 'node:zlib';
import { measurePdfExpansion } from './measurePdfExpansion';
import { PdfExpansionError } from './PdfExpansionError';
import { makeTextPdf } from './test/makeTextPdf';

const MB = 1024 * 1024;

/** A PDF-like run of objects, each a stream with the given dictionary and data. */
function withStreams(streams: { dictionary: string; data: Buffer }[]): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    ...streams.flatMap(({ dictionary, data }, index) => [
      Buffer.from(`${index + 1} 0 obj\n${dictionary}\nstream\r\n`),
      data,
      Buffer.from('\nendstream\nendobj\n'),
    ]),
    Buffer.from('%%EOF\n'),
  ]);
}

describe('measurePdfExpansion', () => {
  test('counts what each FlateDecode stream expands to, and leaves other filters alone', async () => {
    const bytes = withStreams([
      { dictionary: '<< /Length 10 /Filter /FlateDecode >>', data: deflateSync(Buffer.alloc(3 * MB, ' ')) },
      { dictionary: '<< /Filter [/FlateDecode /DCTDecode] >>', data: deflateSync(Buffer.alloc(1000, 7)) },
      { dictionary: '<< /Filter /DCTDecode >>', data: Buffer.alloc(5000, 1) },
    ]);
    expect(await measurePdfExpansion(bytes, 4 * MB)).toEqual({ largestBytes: 3 * MB, totalBytes: 3 * MB + 1000 });
  });

  test('stops a stream as soon as it passes the limit and says so in words', async () => {
    const bomb = withStreams([{ dictionary: '<< /Filter /FlateDecode >>', data: deflateSync(Buffer.alloc(64 * MB, ' '), { level: 9 }) }]);
    expect(bomb.length).toBeLessThan(MB);
    const measured = measurePdfExpansion(bomb, 8 * MB);
    await expect(measured).rejects.toBeInstanceOf(PdfExpansionError);
    await expect(measured).rejects.toThrow('The file expands to more than 8 MB when opened and was refused.');
  });

  test('an ordinary PDF passes, and a stream zlib cannot read counts what it gave', async () => {
    const ordinary = Buffer.from(await makeTextPdf(['one', 'two']));
    await expect(measurePdfExpansion(ordinary, MB)).resolves.toEqual({ largestBytes: expect.any(Number), totalBytes: expect.any(Number) });
    const cut = deflateSync(Buffer.alloc(100_000, 'x')).subarray(0, 40);
    const broken = withStreams([{ dictionary: '<< /Filter /FlateDecode >>', data: cut }]);
    expect((await measurePdfExpansion(broken, MB)).largestBytes).toBeLessThan(100_000);
  });
});
