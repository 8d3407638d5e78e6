import { percentileIsMeasured } from './percentileIsMeasured';

describe('percentileIsMeasured', () => {
  it('holds the p99 measured while at most 1 % of the requests failed', () => {
    expect(percentileIsMeasured(990, 10, 99)).toBe(true);
    expect(percentileIsMeasured(1000, 0, 99)).toBe(true);
  });

  it('holds the p99 unmeasured once more than 1 % failed, and when every request timed out', () => {
    expect(percentileIsMeasured(989, 11, 99)).toBe(false);
    expect(percentileIsMeasured(0, 150, 99)).toBe(false);
  });

  it('allows as many failures as lie above the percentile: 50 % for the median', () => {
    expect(percentileIsMeasured(50, 50, 50)).toBe(true);
    expect(percentileIsMeasured(49, 51, 50)).toBe(false);
  });

  it('holds no percentile measured for a run without requests', () => {
    expect(percentileIsMeasured(0, 0, 99)).toBe(false);
  });

  it('refuses negative counts and a percentile outside 0–100', () => {
    expect(() => percentileIsMeasured(-1, 0, 99)).toThrow('counts ≥ 0');
    expect(() => percentileIsMeasured(1, 0, 100)).toThrow('between 0 and 100');
  });
});
