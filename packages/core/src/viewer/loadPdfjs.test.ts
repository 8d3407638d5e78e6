import { PDFJS_MIN_SAFE_VERSION, PDFJS_SAFETY_OPTIONS, loadPdfjs, sharedPdfWorker } from './loadPdfjs';

/** -1, 0 or 1 as dotted version `a` is older than, the same as or newer than `b`. */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map((part) => Number.parseInt(part, 10)));
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

describe('loadPdfjs', () => {
  it('SECURITY row 3: the pdf.js the viewer loads has the CVE-2024-4367 fix, and documents open with isEvalSupported: false', () => {
    const pdfjs = loadPdfjs();
    expect(compareVersions(pdfjs.version, PDFJS_MIN_SAFE_VERSION)).toBeGreaterThanOrEqual(0);
    expect(compareVersions('4.2.66', PDFJS_MIN_SAFE_VERSION)).toBe(-1);
    expect(PDFJS_SAFETY_OPTIONS.isEvalSupported).toBe(false);
  });
});

describe('sharedPdfWorker', () => {
  it('hands every opening the same worker, and a new one only once that one was destroyed', async () => {
    const first = sharedPdfWorker();
    expect(sharedPdfWorker()).toBe(first);
    await first.destroy();
    const second = sharedPdfWorker();
    expect(second).not.toBe(first);
    expect(second.destroyed).toBe(false);
    expect(sharedPdfWorker()).toBe(second);
    await second.destroy();
  });
});
