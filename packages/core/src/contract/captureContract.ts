import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { nullableAnswer } from './nullableAnswer';

/** The invoice facts capture reads, in the contract's order (issue 36). */
export const CAPTURE_FIELD_NAMES = [
  'vendorName',
  'vendorTaxId',
  'vendorIban',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'currency',
  'totalAmount',
  'netAmount',
  'taxAmount',
  'poNumber',
] as const;

const text = nullableAnswer(Type.String());
const amount = nullableAnswer(Type.Number());
const record = Type.Object({
  typeName: Type.String(),
  recordId: Type.String(),
  number: Type.String(),
  name: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 1 }),
});

/**
 * `GET /api/documents/{id}/capture` → the invoice facts read from the document, one shape for
 * every source: the phase (the spec's AI phases), the source (null while nothing was read), each
 * fact (null when absent; dates YYYY-MM-DD, currency ISO 4217, amounts numbers) and its score
 * 0..1, the reason when the phase is Error, and the ERP matches once matching exists.
 */
export const CaptureAnswer = Type.Object({
  phase: Type.Union([Type.Literal('NotStarted'), Type.Literal('InProgress'), Type.Literal('Complete'), Type.Literal('Error')]),
  source: nullableAnswer(Type.Union([Type.Literal('einvoice'), Type.Literal('text'), Type.Literal('ocr'), Type.Literal('provider')])),
  fields: Type.Object({
    vendorName: text,
    vendorTaxId: text,
    vendorIban: text,
    invoiceNumber: text,
    invoiceDate: text,
    dueDate: text,
    currency: text,
    totalAmount: amount,
    netAmount: amount,
    taxAmount: amount,
    poNumber: text,
  }),
  scores: Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1 })),
  error: nullableAnswer(Type.String()),
  vendorMatch: Type.Optional(record),
  recordMatch: Type.Optional(record),
});

/** The capture answer as a type. */
export type CaptureAnswer = Static<typeof CaptureAnswer>;
