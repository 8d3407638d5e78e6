import type { StoragePort } from '../../../host/StoragePort';
import { nextAfterRemoval, rememberRouteDeparture, selectionAfterRoute } from './nextSelection';

describe('nextAfterRemoval', () => {
  it('selects the document after the last one that left', () => {
    expect(nextAfterRemoval([1, 2, 3, 4], [2])).toBe(3);
    expect(nextAfterRemoval([1, 2, 3, 4], [1, 3])).toBe(4);
  });

  it('wraps to the first remaining document after the end of the list', () => {
    expect(nextAfterRemoval([1, 2, 3], [3])).toBe(1);
    expect(nextAfterRemoval([1, 2, 3], [1, 3])).toBe(2);
  });

  it('has nothing to select when every document left', () => {
    expect(nextAfterRemoval([1, 2], [1, 2])).toBeNull();
    expect(nextAfterRemoval([], [])).toBeNull();
  });
});

describe('selectionAfterRoute', () => {
  function memoryStorage(): StoragePort {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
  }

  it('selects the document after the routed ones once the list no longer holds them, once', () => {
    const storage = memoryStorage();
    rememberRouteDeparture(storage, { queueId: 12, orderedIds: [1, 2, 3, 4], leaving: [2] });
    // A stale list (or a cancelled route) still shows the routed document: nothing changes yet.
    expect(selectionAfterRoute(storage, 12, [1, 2, 3, 4], [2])).toBeUndefined();
    expect(selectionAfterRoute(storage, 99, [1, 3, 4], [2])).toBeUndefined();
    expect(selectionAfterRoute(storage, 12, [1, 3, 4], [2])).toEqual([3]);
    expect(selectionAfterRoute(storage, 12, [1, 3, 4], [2])).toBeUndefined();
  });

  it('wraps to the first, and forgets the route once the user selected something else', () => {
    const storage = memoryStorage();
    rememberRouteDeparture(storage, { queueId: 12, orderedIds: [1, 2, 3], leaving: [3] });
    expect(selectionAfterRoute(storage, 12, [1, 2], [3])).toEqual([1]);
    rememberRouteDeparture(storage, { queueId: 12, orderedIds: [1, 2, 3], leaving: [3] });
    expect(selectionAfterRoute(storage, 12, [1, 2, 3], [1])).toBeUndefined();
    expect(selectionAfterRoute(storage, 12, [1, 2], [3])).toBeUndefined();
  });
});
