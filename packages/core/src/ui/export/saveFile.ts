import type { SavedFile } from '../../api';

/** Hands a fetched file to the browser's download (the data calls need the bearer, which a plain link cannot send). */
export function saveFile(file: SavedFile): void {
  const url = URL.createObjectURL(file.blob);
  try {
    const anchor = window.document.createElement('a');
    anchor.href = url;
    anchor.download = file.fileName;
    anchor.rel = 'noopener';
    window.document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
