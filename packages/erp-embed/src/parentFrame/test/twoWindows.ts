/** The parent's origin in the channel tests. */
export const PARENT_ORIGIN = 'https://bc.example';

/** Two windows in jsdom: the test's window plays the parent, an iframe inside it plays our app. */
export interface TwoWindows {
  parent: Window;
  child: Window;
  /** Every JSON string the child posted to the parent, with the target origin it named. */
  posted: { data: string; targetOrigin: string }[];
  /** Delivers a message to the child as if `source` at `origin` had posted it. */
  deliver(data: unknown, origin?: string, source?: Window | null): void;
  /** Removes the iframe and the spy. */
  dispose(): void;
}

/** Builds the two windows; the parent's postMessage is recorded instead of delivered. */
export function createTwoWindows(): TwoWindows {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const child = frame.contentWindow;
  if (!child) throw new Error('jsdom gave the iframe no window');
  const parent = child.parent;
  const posted: { data: string; targetOrigin: string }[] = [];
  const spy = jest.spyOn(parent, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    posted.push({ data: String(message), targetOrigin: String(targetOrigin) });
  });
  return {
    parent,
    child,
    posted,
    deliver(data, origin = PARENT_ORIGIN, source = parent) {
      child.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    },
    dispose() {
      spy.mockRestore();
      frame.remove();
    },
  };
}
