import { SNIPPET_MARK_END, SNIPPET_MARK_START, parseMarkedSnippet } from './searchSnippet';

describe('parseMarkedSnippet', () => {
  it('turns marked words into ranges of the plain text', () => {
    const marked = `…invoice from ${SNIPPET_MARK_START}fabrikam${SNIPPET_MARK_END} total ${SNIPPET_MARK_START}1250${SNIPPET_MARK_END} usd…`;
    expect(parseMarkedSnippet(marked)).toEqual({
      text: '…invoice from fabrikam total 1250 usd…',
      highlights: [
        { start: 14, end: 22 },
        { start: 29, end: 33 },
      ],
    });
  });

  it('is null when nothing was marked', () => {
    expect(parseMarkedSnippet('no match here')).toBeNull();
    expect(parseMarkedSnippet(null)).toBeNull();
  });
});
