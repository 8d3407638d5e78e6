import type { CaptureAnswer } from '@datahaven/core/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CAPTURE_JOB } from './enqueueCapture';

function amount(value: string | null): number | null {
  return value === null ? null : Number(value);
}

function scoresOf(json: string): Record<string, number> {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/**
 * The capture answer of document `documentId` (visibility is the caller's to check): its stored
 * facts, or — nothing stored — InProgress while a capture job for it is pending or running and
 * NotStarted otherwise, with every fact null and no source.
 */
export async function captureAnswerOf(db: Kysely<Database>, documentId: number): Promise<CaptureAnswer> {
  const row = await db.selectFrom('capture_facts').selectAll().where('document_id', '=', documentId).executeTakeFirst();
  if (row === undefined) {
    const running = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', CAPTURE_JOB)
      .where('subject', '=', String(documentId))
      .where('state', 'in', ['pending', 'running'])
      .executeTakeFirst();
    return {
      phase: running === undefined ? 'NotStarted' : 'InProgress',
      source: null,
      fields: {
        vendorName: null,
        vendorTaxId: null,
        vendorIban: null,
        invoiceNumber: null,
        invoiceDate: null,
        dueDate: null,
        currency: null,
        totalAmount: null,
        netAmount: null,
        taxAmount: null,
        poNumber: null,
      },
      scores: {},
      error: null,
    };
  }
  return {
    phase: row.phase,
    source: row.source,
    fields: {
      vendorName: row.vendor_name,
      vendorTaxId: row.vendor_tax_id,
      vendorIban: row.vendor_iban,
      invoiceNumber: row.invoice_number,
      invoiceDate: row.invoice_date,
      dueDate: row.due_date,
      currency: row.currency,
      totalAmount: amount(row.total_amount),
      netAmount: amount(row.net_amount),
      taxAmount: amount(row.tax_amount),
      poNumber: row.po_number,
    },
    scores: scoresOf(row.scores),
    error: row.error,
  };
}
