import {
  changesDocument,
  initialPageGroups,
  movePage,
  movePageToNewGroup,
  pagesInOrder,
  renameGroup,
  splitGroupAt,
  stepPage,
  type PageGroups,
} from './pageGroups';

function shape(state: PageGroups): number[][] {
  return state.groups.map((group) => [...group.pages]);
}

describe('page groups of the visual split tool', () => {
  it('starts with every page in one group, which changes nothing', () => {
    const state = initialPageGroups(4);
    expect(shape(state)).toEqual([[1, 2, 3, 4]]);
    expect(changesDocument(state)).toBe(false);
  });

  it('moves pages into a new document and back, dropping groups left empty', () => {
    let state = movePageToNewGroup(initialPageGroups(4), 3);
    state = movePage(state, 4, { groupKey: state.groups[1].key, index: 1 });
    expect(shape(state)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(changesDocument(state)).toBe(true);
    state = movePage(state, 3, { groupKey: state.groups[0].key, index: 2 });
    state = movePage(state, 4, { groupKey: state.groups[0].key, index: 99 });
    expect(shape(state)).toEqual([[1, 2, 3, 4]]);
    // A page alone in the last group is already a new document.
    const alone = movePageToNewGroup(initialPageGroups(2), 2);
    expect(movePageToNewGroup(alone, 2)).toBe(alone);
  });

  it('reorders within a group by the index the user dropped on', () => {
    const state = initialPageGroups(4);
    expect(shape(movePage(state, 1, { groupKey: 1, index: 3 }))).toEqual([[2, 3, 1, 4]]);
    expect(shape(movePage(state, 4, { groupKey: 1, index: 0 }))).toEqual([[4, 1, 2, 3]]);
    expect(shape(movePage(state, 2, { groupKey: 1, index: 2 }))).toEqual([[1, 2, 3, 4]]);
    expect(changesDocument(movePage(state, 4, { groupKey: 1, index: 0 }))).toBe(true);
  });

  it('steps a page earlier or later across group borders (Alt+Arrow)', () => {
    let state = movePageToNewGroup(initialPageGroups(4), 4);
    expect(shape(stepPage(state, 2, 1))).toEqual([[1, 3, 2], [4]]);
    expect(shape(stepPage(state, 3, 1))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(shape(stepPage(state, 4, -1))).toEqual([[1, 2, 3, 4]]);
    expect(stepPage(state, 1, -1)).toBe(state);
    state = stepPage(state, 4, 1);
    expect(shape(state)).toEqual([[1, 2, 3], [4]]);
    expect(pagesInOrder(state)).toEqual([1, 2, 3, 4]);
  });

  it('starts a new document at a page with the pages after it (N), nothing on a first page', () => {
    const state = splitGroupAt(initialPageGroups(6), 3);
    expect(shape(state)).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
    expect(shape(splitGroupAt(state, 5))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(splitGroupAt(state, 3)).toBe(state);
    expect(new Set(splitGroupAt(splitGroupAt(state, 5), 2).groups.map((group) => group.key)).size).toBe(4);
  });

  it('names a group', () => {
    const state = renameGroup(movePageToNewGroup(initialPageGroups(2), 2), 2, 'Credit note');
    expect(state.groups.map((group) => group.name)).toEqual(['', 'Credit note']);
  });
});
