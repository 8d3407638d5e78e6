/**
 * Capture: the invoice facts read from a document — e-invoices (UBL, CII, XRechnung, Factur-X /
 * ZUGFeRD) read exactly through einvoice/ — the capture job and the capture API.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { captureJob } from './captureJob';
export { enqueueCapture } from './enqueueCapture';
export { registerCaptureApi } from './http/registerCaptureApi';
