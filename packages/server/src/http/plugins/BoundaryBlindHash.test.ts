import { createHash } from 'node:crypto';
import { BoundaryBlindHash } from './BoundaryBlindHash';

const hashOf = (token: string | null, chunks: string[]): string => {
  const hash = new BoundaryBlindHash(token);
  for (const chunk of chunks) hash.update(Buffer.from(chunk, 'latin1'));
  return hash.digest();
};

describe('BoundaryBlindHash', () => {
  it('hashes bodies that differ only in their boundary alike, however the chunks split the boundary', () => {
    const a = hashOf('----AAAA1', ['------AAAA1\r\nhello\r\n------AAAA1--']);
    const b = hashOf('----BBBB2', ['------BB', 'BB2\r\nhel', 'lo\r\n------BBBB2-', '-']);
    expect(b).toBe(a);
    expect(a).toBe(createHash('sha256').update('--\r\nhello\r\n----').digest('hex'));
  });

  it('tells different contents apart', () => {
    expect(hashOf('----A', ['------A\r\nhello\r\n------A--'])).not.toBe(hashOf('----A', ['------A\r\nhellO\r\n------A--']));
  });

  it('is a plain SHA-256 without a token', () => {
    expect(hashOf(null, ['{"a":', '1}'])).toBe(createHash('sha256').update('{"a":1}').digest('hex'));
  });
});
