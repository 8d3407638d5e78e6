const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Formats a byte count for people: '512 B', '12.3 KB', '4.0 MB' (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Move up a unit when rounding to one decimal would print 1024.0.
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
