import { MAX_STARTUP_SHARE, startupShare } from './startupShare';

describe('startupShare', () => {
  it('takes the no-op run off the tool and divides our time by the rest', () => {
    // pdftoppm's 31 ms of which 11 ms start-up, against our 18 ms.
    const split = startupShare(18, 31, 11);
    expect(split.ratio).toBeCloseTo(18 / 31, 10);
    expect(split.netToolMs).toBe(20);
    expect(split.netRatio).toBeCloseTo(0.9, 10);
    expect(split.share).toBeCloseTo(11 / 31, 10);
  });

  it('finds a workload on equal terms when start-up is under 5 % of the tool run', () => {
    expect(startupShare(900, 1000, 40).share).toBeLessThan(MAX_STARTUP_SHARE);
    expect(startupShare(900, 1000, 50).share).not.toBeLessThan(MAX_STARTUP_SHARE);
  });

  it('answers no net ratio when the tool ran no longer than its no-op run', () => {
    const split = startupShare(5, 10, 12);
    expect(split.netToolMs).toBe(0);
    expect(split.netRatio).toBeNull();
    expect(split.share).toBe(1);
  });

  it('refuses a tool time of zero and negative times', () => {
    expect(() => startupShare(1, 0, 0)).toThrow('positive tool time');
    expect(() => startupShare(1, 10, -1)).toThrow('no negative time');
    expect(() => startupShare(-1, 10, 1)).toThrow('no negative time');
  });
});
