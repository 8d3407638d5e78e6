import type { DmsDocument } from '@datahaven/core/model';
import type { SpreadsheetCell } from './SpreadsheetCell';

const text = (value: string | null | undefined): SpreadsheetCell =>
  value === null || value === undefined || value === '' ? null : { kind: 'text', text: value };
const day = (value: string | null | undefined): SpreadsheetCell =>
  value === null || value === undefined || value === '' ? null : { kind: 'date', day: value.slice(0, 10) };

/** The decision columns (issue 12) as typed cells: the vendor as the grid writes it, the amount in its currency, dates as days, counts as numbers. */
function decisionCell(doc: DmsDocument, field: string): SpreadsheetCell | undefined {
  const decision = doc.decision;
  switch (field) {
    case 'vendor': {
      if (decision === undefined) return null;
      const { vendorName, vendorNumber } = decision;
      return text(vendorName !== null && vendorNumber !== null ? `${vendorName} (${vendorNumber})` : (vendorName ?? vendorNumber));
    }
    case 'invoiceNumber':
      return text(decision?.invoiceNumber);
    case 'amount':
      return decision === undefined || decision.amount === null
        ? null
        : { kind: 'amount', value: decision.amount, currency: decision.currencyCode };
    case 'invoiceDate':
      return day(decision?.invoiceDate);
    case 'dueDate':
      return day(decision?.dueDate);
    case 'cashDiscountDate':
      return day(decision?.cashDiscountDate);
    case 'daysInQueue':
      return decision === undefined ? null : { kind: 'number', value: decision.daysInQueue };
    case 'noteCount':
      return decision === undefined ? null : { kind: 'number', value: decision.noteCount };
    default:
      return undefined;
  }
}

/**
 * What a list's cell holds for a document's field, typed for a spreadsheet: the same values the
 * grid shows (client documentColumns.cellText), but sizes as bytes, dates as days or instants and
 * amounts as numbers, so a spreadsheet can sum and sort them. A field the document does not have
 * is an empty cell, as the grid shows it.
 */
export function documentCell(doc: DmsDocument, field: string): SpreadsheetCell {
  const decided = decisionCell(doc, field);
  if (decided !== undefined) return decided;
  switch (field) {
    case 'FileSize':
      return { kind: 'number', value: doc.FileSize };
    case 'totalPages':
      return { kind: 'number', value: doc.totalPages };
    case 'createdAt':
    case 'modifiedAt':
      return { kind: 'dateTime', at: doc[field] };
    case 'userDate':
      return day(doc.userDate);
    case 'queueName':
    case 'queue':
      return text(doc.queue?.name ?? doc.queueName);
    case 'subtype':
      return text(doc.subtype?.text);
    case 'lock':
    case 'lockHolder':
      return text(doc.lock?.holder);
    case 'link':
      return text(doc.link?.sourceNumber);
    case 'name':
    case 'description':
    case 'extension':
    case 'userString':
    case 'type':
    case 'createdBy':
      return text(doc[field]);
    default:
      return null;
  }
}
