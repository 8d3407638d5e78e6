import { formatPageSpans, pageSpansOf, pagesOutOfRangeMessage, parsePageRanges } from './pageRanges';

const SPEC_MESSAGE =
  'Please ensure that you have selected either Simple Split, or Break Split. If you have selected Simple Split, ensure you have entered a valid page range.';

describe('parsePageRanges', () => {
  it('reads one group of pages and ranges, in the order written', () => {
    expect(parsePageRanges('1-3,5', 10)).toEqual({ valid: true, groups: [[1, 2, 3, 5]] });
    expect(parsePageRanges('7', 10)).toEqual({ valid: true, groups: [[7]] });
    expect(parsePageRanges('9-10,2', 10)).toEqual({ valid: true, groups: [[9, 10, 2]] });
    expect(parsePageRanges('4-4', 10)).toEqual({ valid: true, groups: [[4]] });
  });

  it('reads semicolon-separated groups, one document each', () => {
    expect(parsePageRanges('1-3;4;5-10', 10)).toEqual({ valid: true, groups: [[1, 2, 3], [4], [5, 6, 7, 8, 9, 10]] });
    expect(parsePageRanges(' 1 - 2 ; 3 , 5 ;\t4 ', 5)).toEqual({ valid: true, groups: [[1, 2], [3, 5], [4]] });
  });

  it("refuses bad syntax with the spec's message", () => {
    for (const text of [
      '',
      '   ',
      'a',
      '1-',
      '-3',
      '1--3',
      '1-2-3',
      '1,,2',
      '1;;2',
      '1;',
      ';1',
      '3-1',
      '1.5',
      '+1',
      '1e2',
      '0x2',
      '1234567890',
    ]) {
      expect(parsePageRanges(text, 10)).toEqual({ valid: false, reason: 'syntax', message: SPEC_MESSAGE });
    }
  });

  it('refuses a page named twice, within a group or across groups', () => {
    expect(parsePageRanges('1-3,2', 10)).toMatchObject({ valid: false, reason: 'syntax', message: SPEC_MESSAGE });
    expect(parsePageRanges('1-3;3-4', 10)).toMatchObject({ valid: false, reason: 'syntax', message: SPEC_MESSAGE });
  });

  it("reports the pages outside the document's range", () => {
    expect(parsePageRanges('1-3;9-12;15', 10)).toEqual({
      valid: false,
      reason: 'outOfRange',
      outOfRange: [
        { first: 11, last: 12 },
        { first: 15, last: 15 },
      ],
      message: "Pages 11-12,15 are outside the document's 10 pages.",
    });
    expect(parsePageRanges('0-2', 5)).toEqual({
      valid: false,
      reason: 'outOfRange',
      outOfRange: [{ first: 0, last: 0 }],
      message: "Page 0 is outside the document's 5 pages.",
    });
    expect(parsePageRanges('11', 10)).toMatchObject({ reason: 'outOfRange', outOfRange: [{ first: 11, last: 11 }] });
  });

  it('answers a huge range by its bounds, without listing its pages', () => {
    // Listing a billion pages would exhaust memory long before jest's time-out; no clock needed.
    expect(parsePageRanges('1-999999999', 3)).toMatchObject({ reason: 'outOfRange', outOfRange: [{ first: 4, last: 999999999 }] });
  });

  it('refuses over-long input', () => {
    expect(parsePageRanges('1;'.repeat(6000) + '1', 10)).toMatchObject({ reason: 'syntax' });
  });
});

describe('page spans', () => {
  it('joins consecutive pages and formats them as the user writes them', () => {
    expect(formatPageSpans(pageSpansOf([1, 2, 3, 5, 7, 8]))).toBe('1-3,5,7-8');
    expect(formatPageSpans(pageSpansOf([4]))).toBe('4');
    expect(pagesOutOfRangeMessage([{ first: 2, last: 2 }], 1)).toBe("Page 2 is outside the document's 1 page.");
  });
});
