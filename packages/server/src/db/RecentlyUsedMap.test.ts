import { RecentlyUsedMap } from './RecentlyUsedMap';

describe('RecentlyUsedMap', () => {
  it('lets the least recently used entry go, counting a use as recent', () => {
    const map = new RecentlyUsedMap<string, number>(2);
    expect(map.set('a', 1)).toBeUndefined();
    expect(map.set('b', 2)).toBeUndefined();
    expect(map.use('a')).toBe(1); // 'b' is now the oldest
    expect(map.set('c', 3)).toEqual(['b', 2]);
    expect(map.use('b')).toBeUndefined();
    expect(map.size).toBe(2);
    // Setting a kept key again replaces it without letting anything go.
    expect(map.set('a', 10)).toBeUndefined();
    expect(map.use('a')).toBe(10);
    map.delete('a');
    expect(map.use('a')).toBeUndefined();
    map.clear();
    expect(map.size).toBe(0);
  });
});
