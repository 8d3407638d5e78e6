import type { TokenPayload } from '../model';
import { isTokenExpired, refreshDelayMs, tokenFreshness, tokenNeedsRefresh, tokenWantsRefresh } from './tokenLifecycle';

const expiry = Date.parse('2030-06-01T12:00:00.000Z');
const payload: TokenPayload = { username: 'clerk', expiration: new Date(expiry).toISOString(), passthroughResources: [] };

describe('token lifecycle', () => {
  it('counts a token as expired at 0 ms left', () => {
    expect(isTokenExpired(payload, expiry - 1)).toBe(false);
    expect(isTokenExpired(payload, expiry)).toBe(true);
    expect(isTokenExpired(payload, expiry + 1)).toBe(true);
  });

  it('needs a refresh under 60 s left', () => {
    expect(tokenNeedsRefresh(payload, expiry - 60_000)).toBe(false);
    expect(tokenNeedsRefresh(payload, expiry - 59_999)).toBe(true);
  });

  it('wants a refresh under 300 s left', () => {
    expect(tokenWantsRefresh(payload, expiry - 300_000)).toBe(false);
    expect(tokenWantsRefresh(payload, expiry - 299_999)).toBe(true);
  });

  it('classifies by the three thresholds', () => {
    expect(tokenFreshness(payload, expiry - 3_600_000)).toBe('fresh');
    expect(tokenFreshness(payload, expiry - 200_000)).toBe('wantsRefresh');
    expect(tokenFreshness(payload, expiry - 30_000)).toBe('needsRefresh');
    expect(tokenFreshness(payload, expiry)).toBe('expired');
  });

  it('schedules the refresh at expiry minus 60 s', () => {
    expect(refreshDelayMs(payload, expiry - 3_600_000)).toBe(3_540_000);
    expect(refreshDelayMs(payload, expiry - 61_000)).toBe(1_000);
  });

  it('falls back to 5 s when the moment has passed or the token is unreadable', () => {
    expect(refreshDelayMs(payload, expiry - 60_000)).toBe(5_000);
    expect(refreshDelayMs(payload, expiry + 10_000)).toBe(5_000);
    expect(refreshDelayMs(null, expiry)).toBe(5_000);
    expect(refreshDelayMs({ ...payload, expiration: 'garbage' }, expiry)).toBe(5_000);
  });
});
