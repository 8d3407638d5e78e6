import type { DmsDocument } from '../../../packages/core/src/model';
import { FEATURES1 } from '../../../packages/core/src/model/bitSet';
import type { DemoErpService } from '../../../packages/server/src/demo';
import { demoTokenOf, queueIdByName } from './demoApi';
import { e2eWaitFor } from './e2eWaitFor';
import { makeInvoicePdf } from './makeInvoicePdf';

/** An invoice waiting in the approval queue: its document, and the amount the ERP holds for it in en-US digits ('1,234.50'). */
export interface SeededInvoice {
  name: string;
  docId: number;
  amountDigits: string;
  vendorNumber: string;
}

/** The demo's vendors, in turn. */
const VENDORS = [
  { number: 'V10000', name: 'Fabrikam, Inc.' },
  { number: 'V20000', name: 'Contoso Supplies' },
  { number: 'V30000', name: 'Northwind Traders' },
  { number: 'V40000', name: 'Litware Office' },
] as const;

/** A record of the demo ERP page as `/demo/erp/records` lists it. */
interface DemoRecordSummary {
  context: { dataAreaId: string; recordId: string; tableId: number; typeName: string };
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * `count` purchase invoices made in the demo ERP (each with one line, so it has an amount and a due
 * date), and for each its PDF imported into `queue` by the administrator and linked to it, as an
 * AP team's capture would: the approver decides on documents whose facts come from the ERP. The
 * names start with `prefix` (the queue's filter finds one run's invoices). Waits until the queue's
 * listing shows every one's facts, so the first screen already reads the amounts.
 */
export async function seedApprovalInvoices(
  server: { baseUrl: string; erp: DemoErpService },
  options: { count: number; prefix: string; queue: string },
): Promise<SeededInvoice[]> {
  const { baseUrl, erp } = server;
  const admin = await demoTokenOf(baseUrl, 'admin');
  const headers = { Authorization: `Bearer ${admin}` };
  const queueId = await queueIdByName(baseUrl, admin, options.queue);
  const company = erp.store.listCompanies().find((candidate) => candidate.name === 'CRONUS');
  if (company === undefined) throw new Error('The demo ERP has no CRONUS.');
  const companyId = String(company.id);
  const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  // Each run's prices differ (by its prefix), so one run's invoices are never possible duplicates of another's (same vendor, amount and date).
  const runCents = [...options.prefix].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 10_000, 7);
  const seeded: SeededInvoice[] = [];
  for (let index = 0; index < options.count; index++) {
    const vendor = VENDORS[index % VENDORS.length];
    const invoiceNumber = `${options.prefix}${String(index + 1).padStart(2, '0')}`;
    const created = erp.store.createPurchaseInvoice(companyId, {
      vendorNumber: vendor.number,
      vendorInvoiceNumber: invoiceNumber,
      dueDate,
    });
    const invoiceId = String(created.record.id);
    const withLine = erp.store.addPurchaseInvoiceLine(companyId, invoiceId, {
      description: 'Office supplies',
      quantity: index + 1,
      directUnitCost: 120.5 + index * 7.25 + runCents / 100,
    });
    const form = new FormData();
    const pdf = await makeInvoicePdf({ pages: 1, vendorName: vendor.name, invoiceNumber });
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${invoiceNumber}.pdf`);
    const imported = await ok(
      await fetch(`${baseUrl}/api/queues/${queueId}/documents`, { method: 'POST', headers, body: form }),
      `Importing ${invoiceNumber}.pdf into ${options.queue}`,
    );
    const [document] = (await imported.json()) as DmsDocument[];
    const { records } = (await (await ok(await fetch(`${baseUrl}/demo/erp/records`), 'GET /demo/erp/records')).json()) as {
      records: DemoRecordSummary[];
    };
    const record = records.find((candidate) => candidate.context.recordId === invoiceId);
    if (record === undefined) throw new Error(`The demo ERP page does not list the purchase invoice of ${invoiceNumber}.`);
    const link = new URLSearchParams({
      relatedTypeName: record.context.typeName,
      relatedDataAreaId: record.context.dataAreaId,
      relatedRecordId: record.context.recordId,
      relatedTableId: String(record.context.tableId),
      expectedQueueId: String(queueId),
    });
    await ok(
      await fetch(`${baseUrl}/api/documents/${document.id}/link?${link}`, { method: 'POST', headers }),
      `Linking ${invoiceNumber}.pdf to its purchase invoice`,
    );
    const amount = Number(withLine.record.totalAmountIncludingTax);
    seeded.push({
      name: `${invoiceNumber}.pdf`,
      docId: document.id,
      vendorNumber: vendor.number,
      amountDigits: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount),
    });
  }
  // The listing asks the ERP for a linked record's facts after it answers: list until every one is in.
  const ids = new Set(seeded.map((invoice) => invoice.docId));
  await e2eWaitFor(
    async () => {
      const listed = await ok(
        await fetch(`${baseUrl}/api/queues/${queueId}/workflow?take=200&q=${encodeURIComponent(options.prefix)}`, { headers }),
        `Listing ${options.queue}`,
      );
      const { documents } = (await listed.json()) as { documents: DmsDocument[] };
      return documents.filter((doc) => ids.has(doc.id) && doc.decision?.factsState === 'current' && doc.decision.amount !== null).length;
    },
    {
      what: `the ERP's facts of the ${options.count} seeded invoices in ${options.queue}'s listing`,
      until: (count) => count === ids.size,
      intervalMs: 250,
    },
  );
  return seeded;
}

/**
 * Sets a queue's RejectFromNoteRequired bit through the data service (PATCH /odata/v1/WorkflowQueues,
 * as an administrator configures it), so Reject always asks for a reason there.
 */
export async function requireRejectReason(baseUrl: string, queue: string): Promise<void> {
  const admin = await demoTokenOf(baseUrl, 'admin');
  const queueId = await queueIdByName(baseUrl, admin, queue);
  const url = `${baseUrl}/odata/v1/WorkflowQueues(${queueId})`;
  const headers = { Authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'if-match': '*' };
  const current = (await (await ok(await fetch(url, { headers }), `GET ${url}`)).json()) as { Features: { Features1: number } };
  const features1 = current.Features.Features1 | FEATURES1.RejectFromNoteRequired;
  await ok(await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ Features: { Features1: features1 } }) }), `PATCH ${url}`);
}
