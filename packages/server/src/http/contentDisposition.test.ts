import { contentDisposition } from './contentDisposition';

describe('contentDisposition', () => {
  it('builds RFC 6266 Content-Disposition values', () => {
    expect(contentDisposition('a "b".pdf', false, false)).toBe(`inline; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`);
    expect(contentDisposition("it's.pdf", true, true)).toBe(`attachment; filename="it%27s.pdf"; filename*=UTF-8''it%27s.pdf`);
  });
});
