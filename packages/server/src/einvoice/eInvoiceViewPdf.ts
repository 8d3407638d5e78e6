import { readEInvoiceXml } from './readEInvoiceXml';
import { renderEInvoicePdf } from './renderEInvoicePdf';

/**
 * The readable view of an uploaded e-invoice XML as PDF bytes and their page count (renditions keeps it as the file's
 * PDF form). EInvoiceError in words when the XML cannot be read as an e-invoice.
 */
export async function eInvoiceViewPdf(xml: Buffer): Promise<{ data: Buffer; pages: number }> {
  return renderEInvoicePdf(readEInvoiceXml(xml));
}
