import type { OpenUrlOptions } from '../HostAdapter';

/**
 * The plain browser's openUrl: `window.open`. A URL still being made opens a blank window now
 * (inside the click, so no pop-up blocker stops it), without an opener, and follows the URL when
 * it arrives; the window closes again when making the URL fails.
 */
export function openUrlInWindow(win: Window | undefined): (url: string | Promise<string>, options?: OpenUrlOptions) => void {
  return (url, options = {}) => {
    if (!win) return;
    const features =
      typeof options.features === 'function' ? options.features({ width: win.screen.width, height: win.screen.height }) : options.features;
    if (typeof url === 'string') {
      win.open(url, options.name ?? '_blank', features);
      return;
    }
    const opened = win.open('', options.name ?? '_blank', features);
    if (opened) opened.opener = null;
    url.then(
      (href) => {
        if (opened) opened.location.href = href;
        else win.open(href, options.name ?? '_blank', features);
      },
      () => opened?.close(),
    );
  };
}
