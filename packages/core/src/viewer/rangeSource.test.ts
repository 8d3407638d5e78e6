/** @jest-environment node */
import { readRange, totalFromContentRange, type RangeFetcher } from './rangeSource';

const file = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

/** Answers like our server: 206 with Content-Range for a satisfiable range. */
const rangeServer: RangeFetcher = async (start, end) =>
  new Response(file.slice(start, end + 1), {
    status: 206,
    headers: { 'Content-Range': `bytes ${start}-${Math.min(end, file.length - 1)}/${file.length}` },
  });

describe('range source', () => {
  it('reads the total length from Content-Range', () => {
    expect(totalFromContentRange('bytes 0-99/1000')).toBe(1000);
    expect(totalFromContentRange('bytes */1000')).toBeNull();
    expect(totalFromContentRange(null)).toBeNull();
  });

  it('returns exactly the requested bytes and the file length from a 206', async () => {
    const chunk = await readRange(rangeServer, 100, 199, new AbortController().signal);
    expect(chunk.total).toBe(1000);
    expect(Array.from(chunk.bytes)).toEqual(Array.from(file.slice(100, 200)));
  });

  it('takes a 200 for the first chunk as the whole file', async () => {
    const whole: RangeFetcher = async () => new Response(file, { status: 200 });
    const chunk = await readRange(whole, 0, 99, new AbortController().signal);
    expect(chunk.total).toBe(1000);
    expect(chunk.bytes.length).toBe(1000);
  });

  it('refuses a 200 for a later chunk instead of handing pdf.js the wrong bytes', async () => {
    const whole: RangeFetcher = async () => new Response(file, { status: 200 });
    await expect(readRange(whole, 500, 599, new AbortController().signal)).rejects.toThrow('ignored a range request');
  });

  it('refuses a 206 without Content-Range', async () => {
    const broken: RangeFetcher = async () => new Response(file.slice(0, 10), { status: 206 });
    await expect(readRange(broken, 0, 9, new AbortController().signal)).rejects.toThrow('Content-Range');
  });
});
