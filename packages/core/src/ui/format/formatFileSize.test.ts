import { formatFileSize } from './formatFileSize';

describe('formatFileSize', () => {
  it('shows bytes, then KB and MB with one decimal', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12_600)).toBe('12.3 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('shows nothing for sizes that are not sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
