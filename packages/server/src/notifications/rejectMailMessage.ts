import { noticeTextsFor } from './noticeTextsFor';

/** What a reject mail says: to whom, which document (and the invoice facts known of it), who rejected it where, why, and the link that opens it. */
export interface RejectMail {
  to: { address: string; name: string };
  documentName: string;
  /** The viewer route of the document on the public URL. */
  documentLink: string;
  /** The rejecter's full name (or user name). */
  rejectedBy: string;
  /** The queue it was rejected from; '' when not known. */
  fromQueueName: string;
  /** The reject's reason, as typed. */
  reason: string;
  /** "Fabrikam (V40000)"; null when the document has no linked record's facts. */
  vendor: string | null;
  invoiceNumber: string | null;
  /** "1,234.56 USD" (in the mail's language's notation); null when not known. */
  amount: string | null;
  /** The language the mail is worded in ('de', 'en'); null: English. */
  language: string | null;
}

/** The body of Graph's `POST /users/{id}/sendMail`. */
export interface SendMailBody {
  message: {
    subject: string;
    body: { contentType: 'HTML'; content: string };
    toRecipients: { emailAddress: { address: string; name: string } }[];
  };
  saveToSentItems: boolean;
}

/** Text made safe inside HTML elements and attribute values: a reason is what a user typed. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An amount as the mail shows it in `language`: two decimals with thousands separators, then the currency code when there is one. */
export function mailAmountText(amount: number | string | null, currencyCode: string | null, language: string | null = null): string | null {
  if (amount === null || amount === '') return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  const figure = new Intl.NumberFormat(noticeTextsFor(language).numberLocale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return currencyCode === null || currencyCode === '' ? figure : `${figure} ${currencyCode}`;
}

/**
 * The Graph sendMail body of a reject notice (issue 38 "Reasons"): subject "Rejected: {document}",
 * an HTML body saying who rejected it from which queue, the invoice facts known (vendor, invoice
 * number, amount), the reason verbatim — HTML-escaped, line breaks kept — and a link that opens
 * the document in the viewer, worded in the mail's language. Not saved to the sending mailbox's Sent Items: the notices would
 * only fill it.
 */
export function rejectMailMessage(mail: RejectMail): SendMailBody {
  const text = noticeTextsFor(mail.language);
  const facts: [string, string][] = [];
  for (const [label, value] of [
    [text.vendor, mail.vendor],
    [text.invoiceNumber, mail.invoiceNumber],
    [text.amount, mail.amount],
  ] as const) {
    if (value !== null && value !== '') facts.push([label, value]);
  }
  const content = [
    `<html lang="${text.htmlLang}"><body>`,
    `<p>${text.rejectMailLead(escapeHtml(mail.rejectedBy), escapeHtml(mail.documentName), escapeHtml(mail.fromQueueName))}</p>`,
    facts.length === 0
      ? ''
      : `<table>${facts.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p>${text.reason}</p>`,
    `<blockquote style="white-space: pre-wrap">${escapeHtml(mail.reason)}</blockquote>`,
    `<p><a href="${escapeHtml(mail.documentLink)}">${text.open(escapeHtml(mail.documentName))}</a></p>`,
    '</body></html>',
  ].join('');
  return {
    message: {
      subject: text.rejectMailSubject(mail.documentName),
      body: { contentType: 'HTML', content },
      toRecipients: [{ emailAddress: { address: mail.to.address, name: mail.to.name } }],
    },
    saveToSentItems: false,
  };
}
