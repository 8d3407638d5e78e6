import { cleanFileName } from './fileNames';

describe('fileNames', () => {
  it('keeps the last path segment without control or bidi characters, at most 255 characters', () => {
    expect(cleanFileName('..\\..\\x.pdf')).toBe('x.pdf');
    expect(cleanFileName('a/b/../c.pdf')).toBe('c.pdf');
    expect(cleanFileName('evil\r\n.pdf')).toBe('evil.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('..')).toBe('');
    const long = cleanFileName(`${'a'.repeat(1000)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
