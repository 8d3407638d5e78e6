import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';
import { PDF_LIB_PARSE_SPEED } from '../pdf/pdfLibPacing';
import { EInvoiceError } from './EInvoiceError';
import { MAX_EINVOICE_BYTES } from './readEInvoiceXml';

/**
 * File names of the invoice XML in a hybrid PDF: Factur-X 1.0 / ZUGFeRD 2.x (`factur-x.xml`),
 * ZUGFeRD 2.0/1.0 (`zugferd-invoice.xml`, `ZUGFeRD-invoice.xml`) and XRechnung embedded as
 * ZUGFeRD 2.1+ allows (`xrechnung.xml`). Compared without case.
 */
export const EINVOICE_ATTACHMENT_NAMES: readonly string[] = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/**
 * Largest PDF searched for an embedded invoice. A hybrid e-invoice is an invoice of a few pages
 * (a few MB at most); the big PDFs are scans, which have no attachment and would only cost a
 * pdf-lib parse on the server's thread.
 */
export const MAX_HYBRID_PDF_BYTES = 30 * 1024 * 1024;

/** Longest walk through a names tree: a cycle or a hostile tree ends here instead of looping. */
const MAX_NAME_NODES = 1000;

function textOf(object: PDFObject | undefined): string | null {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  return null;
}

/** The name and embedded stream of a file specification dictionary (PDF 32000 §7.11.3). */
function fileOf(pdf: PDFDocument, spec: PDFObject | undefined): { name: string; stream: PDFRawStream } | null {
  const dict = spec === undefined ? undefined : pdf.context.lookup(spec);
  if (!(dict instanceof PDFDict)) return null;
  const name = textOf(pdf.context.lookup(dict.get(PDFName.of('UF')))) ?? textOf(pdf.context.lookup(dict.get(PDFName.of('F'))));
  const embedded = pdf.context.lookup(dict.get(PDFName.of('EF')));
  if (name === null || !(embedded instanceof PDFDict)) return null;
  const stream = pdf.context.lookup(embedded.get(PDFName.of('UF')) ?? embedded.get(PDFName.of('F')));
  return stream instanceof PDFRawStream ? { name, stream } : null;
}

/** The file specifications of the catalog's /AF array and of its /Names /EmbeddedFiles name tree. */
function fileSpecs(pdf: PDFDocument): PDFObject[] {
  const specs: PDFObject[] = [];
  const associated = pdf.context.lookup(pdf.catalog.get(PDFName.of('AF')));
  if (associated instanceof PDFArray) specs.push(...associated.asArray());
  const names = pdf.context.lookup(pdf.catalog.get(PDFName.of('Names')));
  const root = names instanceof PDFDict ? pdf.context.lookup(names.get(PDFName.of('EmbeddedFiles'))) : undefined;
  const pending: PDFObject[] = root === undefined ? [] : [root];
  let visited = 0;
  while (pending.length > 0 && visited < MAX_NAME_NODES) {
    visited += 1;
    const node = pdf.context.lookup(pending.pop());
    if (!(node instanceof PDFDict)) continue;
    const kids = pdf.context.lookup(node.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) pending.push(...kids.asArray());
    const pairs = pdf.context.lookup(node.get(PDFName.of('Names')));
    // A names array alternates key and value: the values are the file specifications.
    if (pairs instanceof PDFArray) for (let index = 1; index < pairs.size(); index += 2) specs.push(pairs.get(index));
  }
  return specs;
}

/**
 * The invoice XML embedded in a hybrid PDF (Factur-X / ZUGFeRD / XRechnung in a PDF/A-3): the
 * embedded file named as EINVOICE_ATTACHMENT_NAMES lists, found through the catalog's associated
 * files (/AF) or its EmbeddedFiles name tree and decoded. Null for a PDF without one (and for an
 * encrypted PDF, whose embedded streams cannot be read without its key). EInvoiceError when the
 * attachment is there but cannot be decoded. A PDF over MAX_HYBRID_PDF_BYTES is not searched
 * (null). pdf-lib yields to the event loop while it parses (pdf/pdfLibPacing).
 */
export async function embeddedEInvoiceXml(pdfBytes: Uint8Array): Promise<{ name: string; xml: Buffer } | null> {
  if (pdfBytes.length > MAX_HYBRID_PDF_BYTES) return null;
  const pdf = await PDFDocument.load(pdfBytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: PDF_LIB_PARSE_SPEED });
  if (pdf.isEncrypted) return null;
  for (const spec of fileSpecs(pdf)) {
    const file = fileOf(pdf, spec);
    if (file === null || !EINVOICE_ATTACHMENT_NAMES.includes(file.name.toLowerCase())) continue;
    let decoded: Uint8Array;
    try {
      decoded = decodePDFRawStream(file.stream).decode();
    } catch (error) {
      throw new EInvoiceError(`The embedded ${file.name} could not be decoded: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (decoded.length > MAX_EINVOICE_BYTES) throw new EInvoiceError(`The embedded ${file.name} is larger than 20 MB and was not read.`);
    return { name: file.name, xml: Buffer.from(decoded) };
  }
  return null;
}
