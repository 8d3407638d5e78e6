import type { DuplicateReason, PossibleDuplicate } from '../model';
import type { MessageFunctions } from './messageFunctions';
import { MESSAGES_DE } from './messagesDe';
import type { AmountInLimitCurrency, PreparerRole } from './messages';

/** An amount as the German approval-limit messages show it: "9.200,00 EUR". */
function formatLimitAmount(amount: number, currencyCode: string): string {
  const number = amount.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currencyCode.trim() === '' ? number : `${number} ${currencyCode.trim()}`;
}

const REASON_WORDS: Readonly<Record<DuplicateReason, string>> = {
  file: 'dieselbe Datei',
  vendorInvoiceNumber: 'derselbe Kreditor und dieselbe Rechnungsnummer',
  vendorAmountDate: 'derselbe Kreditor, Betrag und dasselbe Rechnungsdatum',
};

function duplicateReasonsText(reasons: readonly DuplicateReason[]): string {
  return reasons.map((reason) => REASON_WORDS[reason]).join('; ');
}

/** The other document in the dative, as "Duplikat von …" needs it. */
function duplicateOtherText(other: Pick<PossibleDuplicate, 'name' | 'queueName' | 'approved'>): string {
  if (other.name === null)
    return other.approved ? 'einem freigegebenen Beleg, den Sie nicht öffnen können' : 'einem Beleg, den Sie nicht öffnen können';
  const where = other.queueName !== null ? ` in ${other.queueName}` : other.approved ? ' (freigegeben)' : '';
  return `'${other.name}'${where}`;
}

const PREPARER_DID: Readonly<Record<PreparerRole, string>> = {
  imported: 'importiert',
  submitted: 'eingereicht',
  coded: 'kontiert (verknüpft oder seine benutzerdefinierten Daten erfasst)',
};

/**
 * MESSAGE_FUNCTIONS in German, Sie-form, in Business Central's German terms; amounts in German
 * notation. The refusal detectors (isApprovalLimitRefusal, isDuplicateOverrideRefusal) read the
 * German sentences, so a client showing German tells them as it does the English ones.
 */
export const MESSAGE_FUNCTIONS_DE: MessageFunctions = {
  errorStatusMessage: (status, message) => `Fehler ${status}: ${message}. Bitte versuchen Sie es später erneut.`,
  messageTimedOut: (requestId) => `Zeitüberschreitung bei Nachricht #${requestId}.`,
  noteRequiredToRouteFrom: (queueName) =>
    `Zum Weiterleiten der ausgewählten Belege aus der Warteschlange ${queueName} ist eine Notiz erforderlich`,
  noteRequiredToRouteTo: (queueName) =>
    `Zum Weiterleiten der ausgewählten Belege in die Warteschlange ${queueName} ist eine Notiz erforderlich`,
  linkingError: (errorMessage) => `Beim Verknüpfen des Belegs ist ein Fehler aufgetreten: ${errorMessage}`,
  notesRetrievalError: (errorMessage) => `Beim Abrufen der Notizen zu diesem Beleg ist ein Fehler aufgetreten: ${errorMessage}`,
  recordUrlError: (errorStr) => `Beim Abrufen einer URL zum Datensatz ist ein Fehler aufgetreten: '${errorStr}'.`,
  invalidQueueTypeId: (value) => `'${value}' ist keine gültige Warteschlangentyp-ID. Ihre Warteschlangen werden nicht geladen.`,
  componentLoadErrorTitle: (name) => `Fehler beim Laden der Komponente „${name}“`,
  componentLoadError: (name, error) => `Die Komponente „${name}“ konnte nicht geladen werden, Fehler: ${error}`,
  invalidComponent: (name) => `Ungültige Komponente „${name}“ nicht geladen`,
  formatLimitAmount,
  approvalLimitExceeded: (amount, currencyCode, documentName, limit, queueName, inLimitCurrency?: AmountInLimitCurrency) => {
    const converted = inLimitCurrency === undefined ? '' : ` (${formatLimitAmount(inLimitCurrency.amount, inLimitCurrency.currencyCode)})`;
    const limitCurrency = inLimitCurrency === undefined ? currencyCode : inLimitCurrency.currencyCode;
    return `Der Betrag ${formatLimitAmount(amount, currencyCode)}${converted} von ${documentName} überschreitet Ihr Freigabelimit von ${formatLimitAmount(limit, limitCurrency)} in der Warteschlange ${queueName}.`;
  },
  approvalLimitUnchecked: (documentName, queueName) =>
    `Der Betrag von ${documentName} konnte nicht aus dem verknüpften Datensatz gelesen werden, daher kann Ihr Freigabelimit in der Warteschlange ${queueName} nicht geprüft werden.`,
  approvalAmountUnknown: (documentName, queueName, linked) => {
    const why = linked ? 'der verknüpfte Datensatz hat keinen Betrag' : 'der Beleg ist mit keinem Datensatz verknüpft';
    return `Der Betrag von ${documentName} ist nicht bekannt (${why}), daher kann Ihr Freigabelimit in der Warteschlange ${queueName} nicht geprüft werden. Verknüpfen Sie den Beleg mit seiner Einkaufsrechnung, oder leiten Sie ihn an eine Stufe ohne Limit weiter.`;
  },
  approvalLimitNoRate: (amount, currencyCode, documentName, limit, limitCurrency, queueName, missingCurrency, date, erp) =>
    `Der Betrag ${formatLimitAmount(amount, currencyCode)} von ${documentName} kann nicht mit Ihrem Freigabelimit von ${formatLimitAmount(limit, limitCurrency)} in der Warteschlange ${queueName} verglichen werden: ${erp} hat keinen Wechselkurs für ${missingCurrency} am oder vor dem ${date}.`,
  isApprovalLimitRefusal: (message) =>
    /^Der Betrag .* (überschreitet Ihr Freigabelimit von|daher kann Ihr Freigabelimit in der Warteschlange|kann nicht mit Ihrem Freigabelimit von) /.test(
      message,
    ),
  segregationPreparer: (role, documentName) =>
    `Funktionstrennung: Sie haben '${documentName}' ${PREPARER_DID[role]}, daher muss jemand anderes den Beleg freigeben.`,
  segregationOtherLevel: (documentName, level, queueName, thisLevel) =>
    `Funktionstrennung: Sie haben '${documentName}' auf Stufe ${level} (${queueName}) freigegeben, daher muss jemand anderes den Beleg auf Stufe ${thisLevel} freigeben.`,
  queueRefusesImport: (queueName) =>
    `${MESSAGES_DE.cannotCompleteImport} Die Warteschlange ${queueName} nimmt keine importierten Belege an.`,
  submissionRequiredMessage: (selectionSize) =>
    selectionSize > 1 ? MESSAGES_DE.submittedDocumentsRequired : MESSAGES_DE.documentSubmissionRequired,
  duplicateReasonsText,
  duplicateOtherText,
  possibleDuplicateLabel: (other) =>
    other.name === null ? 'Mögliches Duplikat eines Belegs, den Sie nicht öffnen können' : `Mögliches Duplikat von ${other.name}`,
  duplicateOverrideRequired: (documentName, other) =>
    `'${documentName}' ist ein mögliches Duplikat von ${duplicateOtherText(other)} (${duplicateReasonsText(other.reasons)}): Für die Freigabe ist ein Grund zum Übergehen erforderlich.`,
  isDuplicateOverrideRefusal: (message) =>
    / ist ein mögliches Duplikat von .*: Für die Freigabe ist ein Grund zum Übergehen erforderlich\.$/.test(message),
};
