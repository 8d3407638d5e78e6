import { act, renderHook } from '@testing-library/react';
import { useDelayedLoading } from './useDelayedLoading';

describe('useDelayedLoading', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays hidden for loads shorter than 300 ms', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading, false), { initialProps: { loading: true } });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe(false);
    rerender({ loading: false });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('shows once loading has lasted 300 ms and hides when it ends', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading, false), { initialProps: { loading: true } });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe(true);
    rerender({ loading: false });
    expect(result.current).toBe(false);
  });

  it('shows at once during uploads', () => {
    const { result } = renderHook(() => useDelayedLoading(false, true));
    expect(result.current).toBe(true);
  });
});
