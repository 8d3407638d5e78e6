import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { readZip } from './test/readZip';
import { writeZip } from './writeZip';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('writeZip', () => {
  const text = Buffer.from('Invoice text '.repeat(5000));
  const binary = randomBytes(300_000);

  it('writes deflated and stored entries that read back byte-identical, UTF-8 names included', async () => {
    const archive = await collect(
      writeZip([
        { name: 'Rechnung März.txt', open: () => Readable.from([text.subarray(0, 1000), text.subarray(1000)]) },
        { name: 'scan.pdf', store: true, open: () => Readable.from([binary]) },
        { name: 'empty.txt', open: () => Readable.from([]) },
      ]),
    );
    const entries = readZip(archive);
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['Rechnung März.txt', 8],
      ['scan.pdf', 0],
      ['empty.txt', 8],
    ]);
    expect(entries[0].data.equals(text)).toBe(true);
    expect(entries[1].data.equals(binary)).toBe(true);
    expect(entries[2].data.length).toBe(0);
    // Deflate really compressed the repetitive text.
    expect(archive.length).toBeLessThan(text.length + binary.length);
  });

  it('errors the stream when an entry cannot be read', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(collect(writeZip([{ name: 'x.txt', open: () => failing }]))).rejects.toThrow('disk gone');
  });
});
