import { readFile, stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import { completeJob } from '../jobs/finishJob';
import type { JobDefinition } from '../jobs/JobDefinition';
import type { JobHandler } from '../jobs/JobHandler';
import type { ClaimedJob } from '../jobs/claimJob';
import type { AppDeps } from '../services/AppDeps';
import type { EInvoice } from '../einvoice/EInvoice';
import { EInvoiceError } from '../einvoice/EInvoiceError';
import { MAX_HYBRID_PDF_BYTES, embeddedEInvoiceXml } from '../einvoice/embeddedEInvoiceXml';
import { CAPTURE_JOB } from './enqueueCapture';
import { readEInvoiceXml } from '../einvoice/readEInvoiceXml';

/** What capture made of a document's file. */
type Reading = { kind: 'einvoice'; invoice: EInvoice } | { kind: 'error'; message: string } | { kind: 'none' };

/** Reads the e-invoice in a stored file: the XML itself, or the one embedded in a hybrid PDF. */
async function readStoredEInvoice(path: string, extension: string): Promise<Reading> {
  try {
    if (extension === 'xml') return { kind: 'einvoice', invoice: readEInvoiceXml(await readFile(path)) };
    if (extension !== 'pdf') return { kind: 'none' };
    // A scan far bigger than any hybrid invoice is not read into memory at all.
    if ((await stat(path)).size > MAX_HYBRID_PDF_BYTES) return { kind: 'none' };
    let embedded: Awaited<ReturnType<typeof embeddedEInvoiceXml>>;
    try {
      embedded = await embeddedEInvoiceXml(await readFile(path));
    } catch (error) {
      if (error instanceof EInvoiceError) throw error;
      // A PDF pdf-lib cannot parse has no attachment we can reach; its text and OCR are later steps.
      return { kind: 'none' };
    }
    if (embedded === null) return { kind: 'none' };
    try {
      return { kind: 'einvoice', invoice: readEInvoiceXml(embedded.xml) };
    } catch (error) {
      if (error instanceof EInvoiceError) throw new EInvoiceError(`The PDF's embedded ${embedded.name} cannot be read. ${error.message}`);
      throw error;
    }
  } catch (error) {
    if (error instanceof EInvoiceError) return { kind: 'error', message: error.message };
    throw error;
  }
}

/** Every fact read from an e-invoice scores 1: it is the invoice's own data, not a guess. */
function einvoiceScores(invoice: EInvoice): Record<string, number> {
  const facts: Record<string, string | null> = {
    vendorName: invoice.seller.name,
    vendorTaxId: invoice.seller.taxId,
    vendorIban: invoice.vendorIban,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    totalAmount: invoice.totalAmount,
    netAmount: invoice.netAmount,
    taxAmount: invoice.taxAmount,
    poNumber: invoice.poNumber,
  };
  return Object.fromEntries(
    Object.entries(facts)
      .filter(([, value]) => value !== null)
      .map(([name]) => [name, 1]),
  );
}

/** Stores what capture read, with the spec's AI data on the document (phase, transaction number and its score). */
async function storeReading(
  trx: Kysely<Database>,
  documentId: number,
  reading: Exclude<Reading, { kind: 'none' }>,
  now: string,
): Promise<void> {
  const invoice = reading.kind === 'einvoice' ? reading.invoice : null;
  const row = {
    phase: invoice === null ? ('Error' as const) : ('Complete' as const),
    source: 'einvoice' as const,
    vendor_name: invoice?.seller.name ?? null,
    vendor_tax_id: invoice?.seller.taxId ?? null,
    vendor_iban: invoice?.vendorIban ?? null,
    invoice_number: invoice?.invoiceNumber ?? null,
    invoice_date: invoice?.invoiceDate ?? null,
    due_date: invoice?.dueDate ?? null,
    currency: invoice?.currency ?? null,
    total_amount: invoice?.totalAmount ?? null,
    net_amount: invoice?.netAmount ?? null,
    tax_amount: invoice?.taxAmount ?? null,
    po_number: invoice?.poNumber ?? null,
    scores: JSON.stringify(invoice === null ? {} : einvoiceScores(invoice)),
    error: reading.kind === 'error' ? reading.message : null,
    updated_at: now,
  };
  await trx
    .insertInto('capture_facts')
    .values({ document_id: documentId, ...row })
    .onConflict((oc) => oc.column('document_id').doUpdateSet(row))
    .execute();
  await trx
    .updateTable('documents')
    .set({
      ai_classification_phase: row.phase,
      ai_transaction_number: row.invoice_number,
      ai_transaction_number_score: invoice === null ? null : 1,
    })
    .where('id', '=', documentId)
    .execute();
}

/**
 * The `capture:read-facts` job: reads the invoice facts of document `job.subject`. An uploaded
 * e-invoice XML (UBL, CII, XRechnung) or a PDF with an embedded Factur-X / ZUGFeRD / XRechnung
 * XML is read exactly → Complete, source einvoice; an e-invoice that cannot be read → Error with
 * the reason in words. Any other document stays NotStarted (text and OCR extraction are later
 * steps of issue 36) and nothing is stored. Idempotent: the row is upserted.
 */
export function captureJobHandler(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): JobHandler {
  return async (job: ClaimedJob) => {
    const documentId = Number(job.subject);
    const document = await deps.db
      .selectFrom('documents')
      .select(['file_sha256', 'extension'])
      .where('id', '=', documentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (document === undefined) return;
    if (document.extension !== 'xml' && document.extension !== 'pdf') return;
    const reading = await deps.fileStore.withLocalFile(document.file_sha256, (path) => readStoredEInvoice(path, document.extension));
    if (reading.kind === 'none') return;
    await inWriteTransaction(deps.db, async (trx) => {
      await storeReading(trx, documentId, reading, deps.now().toISOString());
      await completeJob(trx, job);
    });
  };
}

/** The `capture:read-facts` job kind of the capture module. */
export const captureJob: JobDefinition<Pick<AppDeps, 'db' | 'fileStore' | 'now'>> = {
  kind: CAPTURE_JOB,
  handler: (deps) => captureJobHandler(deps),
};
