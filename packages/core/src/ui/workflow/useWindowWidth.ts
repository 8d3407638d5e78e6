import { useLayoutEffect, useState, type RefObject } from 'react';

/** From this window width on, a queue's list and its document stand side by side (issue 12). */
export const SIDE_BY_SIDE_MIN_WIDTH = 1000;
/** Below this window width (the Outlook pane's 320 px, a FactBox) rows stack and toolbars overflow into a menu. */
export const NARROW_MAX_WIDTH = 640;

/**
 * The width of the window an element is shown in, live (read before the first paint, so a
 * narrow frame never flashes the wide layout). The window, not the element: embedded in the ERP's
 * iframe or the Outlook pane, the window is that frame, so it is the width the user has. Until
 * the element is mounted: the side-by-side width.
 */
export function useWindowWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(SIDE_BY_SIDE_MIN_WIDTH);
  useLayoutEffect(() => {
    const view = ref.current?.ownerDocument.defaultView;
    if (!view) return undefined;
    const onResize = (): void => setWidth(view.innerWidth);
    onResize();
    view.addEventListener('resize', onResize);
    return () => view.removeEventListener('resize', onResize);
  }, [ref]);
  return width;
}
