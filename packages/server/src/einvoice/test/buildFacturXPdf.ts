import { AFRelationship, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';

/** Options of `buildFacturXPdf`. */
export interface FacturXPdfOptions {
  /** The embedded file's name: `factur-x.xml` (Factur-X 1.0, ZUGFeRD 2.x) unless said. */
  fileName?: string;
  /** Lines printed on the visible page (the human-readable invoice). */
  visibleLines: readonly string[];
  /** False: the file is only in the EmbeddedFiles name tree (older ZUGFeRD writers), no catalog /AF entry. */
  associated?: boolean;
}

/** XMP of a PDF/A-3B Factur-X file (the `fx:` extension schema's values; the schema description itself is left out). */
function facturXXmp(fileName: string): string {
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${fileName}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * A hybrid e-invoice PDF as Factur-X / ZUGFeRD writers make it: a visible invoice page and the
 * CII XML embedded as an associated file (/AF, AFRelationship Alternative) in the EmbeddedFiles
 * name tree, with the PDF/A-3 Factur-X XMP metadata.
 */
export async function buildFacturXPdf(xml: Buffer, options: FacturXPdfOptions): Promise<Buffer> {
  const fileName = options.fileName ?? 'factur-x.xml';
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  options.visibleLines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 16, size: 11, font }));
  await pdf.attach(xml, fileName, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    afRelationship: AFRelationship.Alternative,
    creationDate: new Date('2026-11-05T09:00:00Z'),
    modificationDate: new Date('2026-11-05T09:00:00Z'),
  });
  const metadata = pdf.context.stream(facturXXmp(fileName), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(metadata));
  const bytes = await pdf.save();
  if (options.associated !== false) return Buffer.from(bytes);
  const reloaded = await PDFDocument.load(bytes);
  reloaded.catalog.delete(PDFName.of('AF'));
  return Buffer.from(await reloaded.save());
}
