import { LoadingCounter } from './LoadingCounter';

describe('LoadingCounter', () => {
  it('is loading while the count is above 0', () => {
    const counter = new LoadingCounter();
    expect(counter.getSnapshot()).toEqual({ count: 0, status: 'idle' });
    const endA = counter.begin();
    const endB = counter.begin();
    expect(counter.getSnapshot()).toEqual({ count: 2, status: 'loading' });
    endA();
    expect(counter.getSnapshot()).toEqual({ count: 1, status: 'loading' });
    endB();
    expect(counter.getSnapshot()).toEqual({ count: 0, status: 'idle' });
    expect(counter.loading).toBe(false);
  });

  it('ignores a second end of the same work', () => {
    const counter = new LoadingCounter();
    const end = counter.begin();
    counter.begin();
    end();
    end();
    expect(counter.getSnapshot().count).toBe(1);
  });

  it('tracks a promise until it settles, rejected ones included', async () => {
    const counter = new LoadingCounter();
    const ok = counter.track(Promise.resolve(1));
    const failed = counter.track(Promise.reject(new Error('x')));
    expect(counter.getSnapshot().count).toBe(2);
    await expect(ok).resolves.toBe(1);
    await expect(failed).rejects.toThrow('x');
    expect(counter.getSnapshot().status).toBe('idle');
  });

  it('notifies subscribers and keeps the snapshot stable between changes', () => {
    const counter = new LoadingCounter();
    const seen: string[] = [];
    const unsubscribe = counter.subscribe(() => seen.push(counter.getSnapshot().status));
    const before = counter.getSnapshot();
    expect(counter.getSnapshot()).toBe(before);
    const end = counter.begin();
    end();
    unsubscribe();
    counter.begin();
    expect(seen).toEqual(['loading', 'idle']);
  });
});
