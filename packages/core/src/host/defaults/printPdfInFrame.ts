import { UI_TEXT } from '../../locale/uiText';

/** Marks our print frames, so the next print finds them whatever language their title is in. */
const PRINT_FRAME_ATTRIBUTE = 'data-datahaven-print';

/**
 * The plain browser's print: the PDF's bytes go into a hidden same-origin iframe (a blob URL, so
 * the bearer-protected data call is already done) and its window's print() is called once the
 * PDF has loaded. The frame stays until the next print, since print() returns before the dialog
 * closes in some browsers.
 */
export function printPdfInFrame(win: Window | undefined): (pdf: Blob) => Promise<void> {
  return (pdf) => (win ? printInDocument(pdf, win.document) : Promise.resolve());
}

/** Prints `pdf` through a hidden frame in `doc`. */
function printInDocument(pdf: Blob, doc: Document): Promise<void> {
  for (const old of Array.from(doc.querySelectorAll(`iframe[${PRINT_FRAME_ATTRIBUTE}]`))) {
    const src = old.getAttribute('src');
    old.remove();
    if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
  }
  const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  const frame = doc.createElement('iframe');
  frame.title = UI_TEXT.export.printFrameTitle;
  frame.setAttribute(PRINT_FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Off-screen rather than display:none: some browsers do not load (or print) a hidden frame.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  return new Promise<void>((resolve, reject) => {
    frame.addEventListener('load', () => {
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    frame.src = url;
    doc.body.append(frame);
  });
}
