import type { TextsOf } from '@datahaven/core/rules';

/** The words of the notices the server sends (reject mails, Teams activity notifications), in English. */
const NOTICE_TEXT = {
  /** The mail's subject. */
  rejectMailSubject: (documentName: string): string => `Rejected: ${documentName}`,
  /** "Anna Berg rejected <strong>INV-1.pdf</strong> in Approval L1." — the parts come HTML-escaped. */
  rejectMailLead: (rejectedBy: string, documentName: string, queueName: string): string =>
    `${rejectedBy} rejected <strong>${documentName}</strong>${queueName === '' ? '' : ` in ${queueName}`}.`,
  /** Who rejected it when their name is not known. */
  someone: 'Someone',
  vendor: 'Vendor',
  invoiceNumber: 'Invoice No.',
  amount: 'Amount',
  reason: 'Reason:',
  open: (documentName: string): string => `Open ${documentName}`,
  /** The amount's figure: two decimals, thousands separated. */
  numberLocale: 'en-US',
  /** The mail's `<html lang>`. */
  htmlLang: 'en',
  /** "1 document arrived in Approval L1" / "3 documents arrived in Approval L1". */
  documentsArrived: (count: number, queueName: string): string =>
    `${count} ${count === 1 ? 'document' : 'documents'} arrived in ${queueName}`,
  /** "INV-1.pdf was rejected: Wrong amount" / "INV-1.pdf was rejected." */
  documentRejected: (documentName: string, reason: string): string =>
    reason === '' ? `${documentName} was rejected.` : `${documentName} was rejected: ${reason}`,
} as const;

/** The shape the notices' words have in every language. */
export type NoticeTexts = TextsOf<typeof NOTICE_TEXT>;

/** The notices in German, Sie-form (Business Central's "Kreditor", "Rechnungsnr."). */
const NOTICE_TEXT_DE: NoticeTexts = {
  rejectMailSubject: (documentName) => `Abgelehnt: ${documentName}`,
  rejectMailLead: (rejectedBy, documentName, queueName) =>
    `${rejectedBy} hat <strong>${documentName}</strong>${queueName === '' ? '' : ` in ${queueName}`} abgelehnt.`,
  someone: 'Jemand',
  vendor: 'Kreditor',
  invoiceNumber: 'Rechnungsnr.',
  amount: 'Betrag',
  reason: 'Grund:',
  open: (documentName) => `${documentName} öffnen`,
  numberLocale: 'de-DE',
  htmlLang: 'de',
  documentsArrived: (count, queueName) => `${count} ${count === 1 ? 'Beleg ist' : 'Belege sind'} in ${queueName} eingegangen`,
  documentRejected: (documentName, reason) =>
    reason === '' ? `${documentName} wurde abgelehnt.` : `${documentName} wurde abgelehnt: ${reason}`,
};

/** The notices' words in `language` (the row's language, 'de' or 'en'); English for null or any other. */
export function noticeTextsFor(language: string | null): NoticeTexts {
  return language !== null && language.toLowerCase().startsWith('de') ? NOTICE_TEXT_DE : NOTICE_TEXT;
}
