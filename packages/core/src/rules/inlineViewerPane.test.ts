import { inlineViewerPaneAfterResize } from './inlineViewerPane';

describe('inlineViewerPaneAfterResize (spec §4 "Inline viewer")', () => {
  it('hides the pane and resets its size to 50 when set below 10 percent', () => {
    expect(inlineViewerPaneAfterResize(9.9)).toEqual({ visible: false, size: 50 });
    expect(inlineViewerPaneAfterResize(0)).toEqual({ visible: false, size: 50 });
    expect(inlineViewerPaneAfterResize(-20)).toEqual({ visible: false, size: 50 });
  });

  it('shows the pane at the size set from 10 percent up, at most 90', () => {
    expect(inlineViewerPaneAfterResize(10)).toEqual({ visible: true, size: 10 });
    expect(inlineViewerPaneAfterResize(37.4)).toEqual({ visible: true, size: 37 });
    expect(inlineViewerPaneAfterResize(99)).toEqual({ visible: true, size: 90 });
  });

  it('treats a size that is not a number as the default', () => {
    expect(inlineViewerPaneAfterResize(Number.NaN)).toEqual({ visible: true, size: 50 });
  });
});
