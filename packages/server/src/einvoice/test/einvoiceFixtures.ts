import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaptureAnswer } from '@datahaven/core/contract';

/** One e-invoice fixture: its file under fixtures/ and every fact the capture contract must answer for it. */
export interface EInvoiceFixture {
  file: string;
  syntax: string;
  fields: CaptureAnswer['fields'];
  /** Printed on its readable view. */
  lineNames: string[];
}

/** The bytes of a fixture file. */
export function fixtureBytes(file: string): Buffer {
  return readFileSync(join(__dirname, 'fixtures', file));
}

/** The EN 16931 examples written for these tests, each with its facts as the invoice states them. */
export const EINVOICE_FIXTURES: readonly EInvoiceFixture[] = [
  {
    file: 'ubl-invoice.xml',
    syntax: 'UBL Invoice',
    fields: {
      vendorName: 'Van der Berg Kantoorartikelen B.V.',
      vendorTaxId: 'NL859350487B01',
      vendorIban: 'NL91ABNA0417164300',
      invoiceNumber: 'INV-2026-0412',
      invoiceDate: '2026-11-03',
      dueDate: '2026-12-03',
      currency: 'EUR',
      // BT-112 (with VAT), not BT-115 (694.49 due after the 100.00 prepayment): docs/CAPTURE.md.
      totalAmount: 794.49,
      netAmount: 656.6,
      taxAmount: 137.89,
      poNumber: 'PO-4711',
    },
    lineNames: ['A4 copy paper 80 g, box of 5 reams', 'Toner cartridge HP 59A, black', 'Delivery'],
  },
  {
    file: 'ubl-credit-note.xml',
    syntax: 'UBL CreditNote',
    fields: {
      vendorName: 'Van der Berg Kantoorartikelen B.V.',
      vendorTaxId: 'NL859350487B01',
      vendorIban: 'NL91ABNA0417164300',
      invoiceNumber: 'CN-2026-0057',
      invoiceDate: '2026-11-10',
      dueDate: '2026-11-24',
      currency: 'EUR',
      totalAmount: 217.56,
      netAmount: 179.8,
      taxAmount: 37.76,
      poNumber: 'PO-4711',
    },
    lineNames: ['Toner cartridge HP 59A, black (returned)'],
  },
  {
    file: 'cii-invoice.xml',
    syntax: 'CII',
    fields: {
      vendorName: 'Papeterie Lumière SARL',
      vendorTaxId: 'FR32123456789',
      vendorIban: 'FR7630006000011234567890189',
      invoiceNumber: 'F-2026-1187',
      invoiceDate: '2026-11-05',
      dueDate: '2026-12-05',
      currency: 'EUR',
      totalAmount: 438.38,
      netAmount: 374.5,
      taxAmount: 63.88,
      poNumber: 'CMD-8821',
    },
    lineNames: ['Ramette papier A4 80 g', 'Classeur à levier, dos 75 mm', 'Livre « Gestion comptable »'],
  },
  {
    file: 'xrechnung-ubl.xml',
    syntax: 'UBL Invoice',
    fields: {
      vendorName: 'Müller & Söhne Elektrotechnik GmbH',
      vendorTaxId: 'DE123456789',
      vendorIban: 'DE02120300000000202051',
      invoiceNumber: 'RE-2026-03315',
      invoiceDate: '2026-11-12',
      dueDate: '2026-12-12',
      currency: 'EUR',
      totalAmount: 1267.35,
      netAmount: 1065,
      taxAmount: 202.35,
      poNumber: 'BE-2026-118',
    },
    lineNames: ['Wartung Beleuchtungsanlage, Rathaus', 'LED-Panel 62 x 62 cm, 40 W'],
  },
  {
    file: 'xrechnung-cii.xml',
    syntax: 'CII',
    fields: {
      vendorName: 'Schreinerei Holzwerk Bauer GmbH & Co. KG',
      vendorTaxId: 'DE987654321',
      vendorIban: 'DE89370400440532013000',
      invoiceNumber: '2026-1142',
      invoiceDate: '2026-11-18',
      dueDate: '2026-12-18',
      currency: 'EUR',
      // BT-112; the amount due (BT-115) is 2474.80 after the 1000.00 down payment.
      totalAmount: 3474.8,
      netAmount: 2920,
      taxAmount: 554.8,
      poNumber: '4500012345',
    },
    lineNames: ['Einbauschrank Eiche, nach Maß', 'Montage vor Ort'],
  },
];
