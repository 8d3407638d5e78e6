import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it('prints bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('prints one decimal in KB, MB and GB', () => {
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(12_595)).toBe('12.3 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(52_428_800)).toBe('50.0 MB');
    expect(formatFileSize(3 * 1024 ** 3 + 512 * 1024 ** 2)).toBe('3.5 GB');
  });

  it('moves up a unit instead of printing 1024.0', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB');
  });

  it('prints nothing for impossible sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
