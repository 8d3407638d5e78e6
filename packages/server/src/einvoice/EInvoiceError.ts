/** An e-invoice that cannot be read: its message says why, in words, and becomes the capture's error. */
export class EInvoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EInvoiceError';
  }
}
