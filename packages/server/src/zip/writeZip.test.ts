import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { readZip, readZipDirectory } from './test/readZip';
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
    await expect(collect(writeZip([{ name: 'y.txt', open: () => Promise.reject(new Error('no such blob')) }]))).rejects.toThrow(
      'no such blob',
    );
    async function* listingFails(): AsyncGenerator<{ name: string; open: () => Readable }> {
      yield { name: 'first.txt', open: () => Readable.from([text]) };
      throw new Error('query failed');
    }
    await expect(collect(writeZip(listingFails()))).rejects.toThrow('query failed');
  });

  it('opens each entry only when the archive reaches it, and closes the open one when the consumer goes away', async () => {
    const opened: string[] = [];
    let endless: Readable | null = null;
    const archive = writeZip([
      {
        name: 'endless.bin',
        store: true,
        open: () => {
          opened.push('endless.bin');
          endless = new Readable({
            read() {
              this.push(Buffer.alloc(64 * 1024));
            },
          });
          return endless;
        },
      },
      {
        name: 'never.txt',
        open: () => {
          opened.push('never.txt');
          return Readable.from([text]);
        },
      },
    ]);
    for await (const _chunk of archive) break; // the consumer reads a little and hangs up
    const source = endless as Readable | null;
    if (source === null) throw new Error('The first entry was never opened.');
    if (!source.destroyed) await new Promise((resolve) => source.once('close', resolve));
    expect(source.destroyed).toBe(true);
    expect(opened).toEqual(['endless.bin']);
  });

  it('keeps every path inside the folder the archive is unpacked into', async () => {
    const entry = (name: string): { name: string; open: () => Readable } => ({ name, open: () => Readable.from([Buffer.from(name)]) });
    const archive = await collect(
      writeZip([entry('../../etc/passwd'), entry('/abs/a.txt'), entry('C:x.txt'), entry('..'), entry('a\\b.txt')]),
    );
    expect(readZip(archive).map((read) => read.name)).toEqual(['_/_/etc/passwd', 'abs/a.txt', 'C_x.txt', '_', 'a/b.txt']);
  });

  it('writes the ZIP64 records (end record, its locator, the extended information of each entry) that archives over 4 GiB need', async () => {
    // Forced: yazl switches to exactly these records by itself past 4 GiB or 65,534 entries, which a
    // test cannot afford to write (yazl's CRC-32 is plain JavaScript; its entry queue is scanned per entry).
    const archive = await collect(
      writeZip(
        [
          { name: 'Rechnung März.txt', open: () => Readable.from([text]) },
          { name: 'scan.pdf', store: true, open: () => Readable.from([binary]) },
        ],
        { forceZip64: true },
      ),
    );
    const eocd = archive.length - 22;
    expect(archive.readUInt32LE(eocd)).toBe(0x06054b50);
    expect(archive.readUInt32LE(eocd - 20)).toBe(0x07064b50);
    const record = Number(archive.readBigUInt64LE(eocd - 20 + 8));
    expect(archive.readUInt32LE(record)).toBe(0x06064b50);
    expect(Number(archive.readBigUInt64LE(record + 24))).toBe(2);
    const directory = readZipDirectory(archive);
    expect(directory).toEqual({ count: 2, offset: Number(archive.readBigUInt64LE(record + 48)), zip64: true });
    // Each central header saturates its sizes and offset and carries them in the ZIP64 extra field (0x0001).
    expect(archive.readUInt32LE(directory.offset)).toBe(0x02014b50);
    expect(archive.readUInt32LE(directory.offset + 20)).toBe(0xffffffff);
    expect(archive.readUInt32LE(directory.offset + 42)).toBe(0xffffffff);
    const entries = readZip(archive);
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['Rechnung März.txt', 8],
      ['scan.pdf', 0],
    ]);
    expect(entries[0].data.equals(text)).toBe(true);
    expect(entries[1].data.equals(binary)).toBe(true);
  });

  it('writes small archives without ZIP64 records (readers that lack ZIP64 still open them)', async () => {
    const archive = await collect(writeZip([{ name: 'a.txt', open: () => Readable.from([text]) }]));
    expect(readZipDirectory(archive)).toEqual({ count: 1, offset: expect.any(Number), zip64: false });
    expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false);
  });
});
