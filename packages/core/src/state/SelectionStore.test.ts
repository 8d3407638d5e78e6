import { SelectionStore } from './SelectionStore';

describe('SelectionStore', () => {
  it('adds to the selection without duplicates', () => {
    const selection = new SelectionStore();
    selection.select(1);
    selection.select([2, 1, 3, 3]);
    expect(selection.getSnapshot().ids).toEqual([1, 2, 3]);
  });

  it('has a single selected document only when exactly one is selected', () => {
    const selection = new SelectionStore();
    expect(selection.getSnapshot().single).toBeNull();
    selection.select(7);
    expect(selection.getSnapshot().single).toBe(7);
    selection.select(8);
    expect(selection.getSnapshot().single).toBeNull();
    selection.deselect(7);
    expect(selection.getSnapshot().single).toBe(8);
  });

  it('clears, replaces and toggles', () => {
    const selection = new SelectionStore([1, 2]);
    selection.set([5]);
    expect(selection.getSnapshot().ids).toEqual([5]);
    selection.toggle(6);
    selection.toggle(5);
    expect(selection.getSnapshot().ids).toEqual([6]);
    selection.clear();
    expect(selection.getSnapshot()).toEqual({ ids: [], single: null });
  });

  it('selects the next document in sorted order and wraps to the first', () => {
    const selection = new SelectionStore();
    const sorted = [10, 20, 30];
    selection.selectNext(sorted);
    expect(selection.getSnapshot().single).toBe(10);
    selection.selectNext(sorted);
    expect(selection.getSnapshot().single).toBe(20);
    selection.set([30]);
    selection.selectNext(sorted);
    expect(selection.getSnapshot().single).toBe(10);
  });

  it('selects the previous document in sorted order and wraps to the last', () => {
    const selection = new SelectionStore();
    const sorted = [10, 20, 30];
    selection.selectPrevious(sorted);
    expect(selection.getSnapshot().single).toBe(30);
    selection.selectPrevious(sorted);
    expect(selection.getSnapshot().single).toBe(20);
    selection.set([10]);
    selection.selectPrevious(sorted);
    expect(selection.getSnapshot().single).toBe(30);
    selection.set([99]);
    selection.selectPrevious(sorted);
    expect(selection.getSnapshot().single).toBe(30);
  });

  it('notifies only on real changes', () => {
    const selection = new SelectionStore();
    let changes = 0;
    selection.subscribe(() => changes++);
    selection.select(1);
    selection.select(1);
    selection.set([1]);
    selection.deselect(9);
    selection.clear();
    selection.clear();
    expect(changes).toBe(2);
  });
});
