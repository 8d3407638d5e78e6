import { StillWorkingError } from './StillWorkingError';
import { withinRequestTime } from './withinRequestTime';

describe('withinRequestTime', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers the work when it settles in time', async () => {
    await expect(withinRequestTime(Promise.resolve('pdf'), 1000)).resolves.toBe('pdf');
    await expect(withinRequestTime(Promise.reject(new Error('broken')), 1000)).rejects.toThrow('broken');
  });

  it('gives up with StillWorkingError (503 + Retry-After) when the work runs past the time box, leaving it running', async () => {
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const answer = withinRequestTime(work, 1000);
    jest.advanceTimersByTime(1000);
    const error: unknown = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StillWorkingError);
    expect(error).toMatchObject({ retryAfterSeconds: 10 });
    finish('done later');
    await expect(work).resolves.toBe('done later');
  });
});
