import { DOCUMENT_ID_DASH_POSITION, decodeDocumentId, encodeDocumentId } from './documentId';

describe('encodeDocumentId / decodeDocumentId', () => {
  it('round-trips many ids, small and large', () => {
    const ids = [1, 2, 9, 10, 42, 99, 100, 255, 1000, 4096, 65535, 123456, 9999999, 2 ** 31 - 1, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER];
    for (let id = 1; id <= 2000; id += 7) ids.push(id);
    for (const id of ids) expect(decodeDocumentId(encodeDocumentId(id))).toBe(id);
  });

  it('is base64 applied three times with a dash inserted at position 2', () => {
    const encoded = encodeDocumentId(42);
    const threeTimes = btoa(btoa(btoa('42')));
    expect(encoded.indexOf('-')).toBe(DOCUMENT_ID_DASH_POSITION);
    expect(encoded).toBe(`${threeTimes.slice(0, 2)}-${threeTimes.slice(2)}`);
    // '42' → 'NDI=' → 'TkRJPQ==' → 'VGtSSlBRPT0='
    expect(encoded).toBe('VG-tSSlBRPT0=');
  });

  it('puts the dash at position 2 for every id', () => {
    for (const id of [1, 17, 123, 98765, 1234567890]) expect(encodeDocumentId(id)[2]).toBe('-');
  });

  it('decodes an id without a dash (not encoded) to 0', () => {
    expect(decodeDocumentId('42')).toBe(0);
    expect(decodeDocumentId(btoa(btoa(btoa('42'))))).toBe(0);
    expect(decodeDocumentId('')).toBe(0);
  });

  it('decodes garbage to 0', () => {
    expect(decodeDocumentId('ab-c')).toBe(0);
    expect(decodeDocumentId('!!-!!!!')).toBe(0);
    expect(decodeDocumentId('--------')).toBe(0);
    // Valid base64 all the way down, but not a positive integer.
    const encode = (text: string): string => {
      const b = btoa(btoa(btoa(text)));
      return `${b.slice(0, 2)}-${b.slice(2)}`;
    };
    expect(decodeDocumentId(encode('abc'))).toBe(0);
    expect(decodeDocumentId(encode('0'))).toBe(0);
    expect(decodeDocumentId(encode('-5'))).toBe(0);
    expect(decodeDocumentId(encode('1.5'))).toBe(0);
    expect(decodeDocumentId(encode('007'))).toBe(0);
    expect(decodeDocumentId(encode('99999999999999999'))).toBe(0);
  });

  it('refuses an encoded id whose dash is somewhere else', () => {
    const b = btoa(btoa(btoa('42')));
    expect(decodeDocumentId(`${b.slice(0, 3)}-${b.slice(3)}`)).toBe(0);
  });
});
