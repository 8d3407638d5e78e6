import { MESSAGES, parsePageRanges } from '../../rules';
import { everyNPagesGroups, everyPageGroups, groupsFromBreaks, pagesLabelOf, partsOf, rangesTextOf, splitAvailability } from './splitPlan';

describe('split plans', () => {
  it('cuts every page or every n pages, the last group shorter', () => {
    expect(everyPageGroups(3)).toEqual([[1], [2], [3]]);
    expect(everyNPagesGroups(5, 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(everyNPagesGroups(4, 0)).toEqual([[1], [2], [3], [4]]);
  });

  it('cuts after each break page, ignoring duplicates and breaks outside the document', () => {
    expect(groupsFromBreaks(6, [2])).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
    expect(groupsFromBreaks(6, [4, 2, 2, 6, 0])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(groupsFromBreaks(3, [])).toEqual([[1, 2, 3]]);
  });

  it('writes groups in the grammar the server reads back to the same groups', () => {
    const groups = [[1, 2, 3], [4], [5, 7]];
    expect(rangesTextOf(groups)).toBe('1-3;4;5,7');
    expect(parsePageRanges(rangesTextOf(groups), 7)).toEqual({ valid: true, groups });
    expect(pagesLabelOf([1, 2, 3, 5])).toBe('1-3, 5');
  });

  it('cuts a new document into runs of consecutive source pages for recombination', () => {
    expect(partsOf(7, [3, 4, 1, 2, 6])).toEqual([
      { documentId: 7, firstPage: 3, lastPage: 4 },
      { documentId: 7, firstPage: 1, lastPage: 2 },
      { documentId: 7, firstPage: 6, lastPage: 6 },
    ]);
  });

  it('offers split only with the access flag, without another user lock, on a multi-page file', () => {
    const doc = { userLock: 'none' as const, splittable: true, totalPages: 6 };
    expect(splitAvailability(doc, { split: true })).toEqual({ allowed: true, warning: null });
    expect(splitAvailability(doc, { split: false })).toMatchObject({ allowed: false, message: MESSAGES.actionNotPermitted });
    expect(splitAvailability({ ...doc, userLock: 'other' }, { split: true })).toMatchObject({
      allowed: false,
      message: MESSAGES.documentLockedByOther,
    });
    expect(splitAvailability({ ...doc, splittable: false, totalPages: 1 }, { split: true })).toMatchObject({
      allowed: false,
      message: MESSAGES.notSplittable,
    });
  });
});
