import { cleanFileName, contentDisposition } from './fileNames';

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

  it('builds RFC 6266 Content-Disposition values', () => {
    expect(contentDisposition('a "b".pdf', false, false)).toBe(`inline; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`);
    expect(contentDisposition("it's.pdf", true, true)).toBe(`attachment; filename="it%27s.pdf"; filename*=UTF-8''it%27s.pdf`);
  });
});
