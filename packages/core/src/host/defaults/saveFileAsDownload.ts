import type { HostFile } from '../HostAdapter';

/**
 * The plain browser's saveFile: hands the bytes to the browser's download through a blob link
 * (the data calls need the bearer, which a plain link cannot send).
 */
export function saveFileAsDownload(win: Window | undefined): (file: HostFile) => Promise<void> {
  return (file) => {
    if (!win) return Promise.resolve();
    const url = URL.createObjectURL(file.blob);
    try {
      const anchor = win.document.createElement('a');
      anchor.href = url;
      anchor.download = file.fileName;
      anchor.rel = 'noopener';
      win.document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } finally {
      // Give the browser a moment to start the download before the URL goes away.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    return Promise.resolve();
  };
}
