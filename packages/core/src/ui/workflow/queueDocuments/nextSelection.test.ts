import { nextAfterRemoval } from './nextSelection';

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
