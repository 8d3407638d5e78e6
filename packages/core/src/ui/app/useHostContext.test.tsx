import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { browserHost, memoryStorage, type HostAdapter } from '../../host';
import type { ErpContext } from '../../model';
import { DatahavenServicesProvider } from './DatahavenServices';
import { useHostContext } from './useHostContext';

function changingHost(): { host: HostAdapter; change(context: ErpContext): void; reads: () => number } {
  let current: ErpContext = { recordId: 'r1' };
  let reads = 0;
  const listeners = new Set<() => void>();
  const base = browserHost({ token: 'unused', storage: { local: memoryStorage(), session: memoryStorage() } });
  const host: HostAdapter = {
    ...base,
    getContext: () => {
      reads++;
      return Promise.resolve({ record: current });
    },
    onContextChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    host,
    change: (context) => {
      current = context;
      for (const listener of listeners) listener();
    },
    reads: () => reads,
  };
}

describe('useHostContext', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the context once for a burst of changes, 200 ms after the last one', async () => {
    const { host, change, reads } = changingHost();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DatahavenServicesProvider host={host}>{children}</DatahavenServicesProvider>
    );
    const { result } = renderHook(() => useHostContext(), { wrapper });
    await act(async () => undefined);
    expect(result.current.context).toEqual({ recordId: 'r1' });
    expect(reads()).toBe(1);

    act(() => change({ recordId: 'r2' }));
    act(() => jest.advanceTimersByTime(150));
    act(() => change({ recordId: 'r3' }));
    act(() => jest.advanceTimersByTime(199));
    expect(reads()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(reads()).toBe(2);
    expect(result.current.context).toEqual({ recordId: 'r3' });
    expect(result.current.revision).toBe(2);
  });
});
