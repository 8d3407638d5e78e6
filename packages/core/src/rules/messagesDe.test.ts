import { MESSAGE_FUNCTIONS } from './messageFunctions';
import { MESSAGE_FUNCTIONS_DE } from './messageFunctionsDe';
import { messageFunctionsFor } from './messageFunctionsFor';
import { MESSAGES } from './messages';
import { MESSAGES_DE } from './messagesDe';
import { messagesFor } from './messagesFor';

describe('MESSAGES_DE', () => {
  it('has every key of MESSAGES and no other, each a German text of its own', () => {
    expect(Object.keys(MESSAGES_DE).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      expect(typeof MESSAGES_DE[key]).toBe('string');
      expect(MESSAGES_DE[key].trim()).not.toBe('');
      // Untranslated texts would equal the English ones.
      expect({ key, text: MESSAGES_DE[key] }).not.toEqual({ key, text: MESSAGES[key] });
    }
  });

  it('keeps the German texts unique, so a text names its key', () => {
    expect(new Set(Object.values(MESSAGES_DE)).size).toBe(Object.keys(MESSAGES_DE).length);
  });

  it('is what messagesFor gives for German tags, English for the rest', () => {
    expect(messagesFor('de-DE')).toBe(MESSAGES_DE);
    expect(messagesFor('de')).toBe(MESSAGES_DE);
    expect(messagesFor('DE-at')).toBe(MESSAGES_DE);
    expect(messagesFor('en-US')).toBe(MESSAGES);
    expect(messagesFor('fr-FR')).toBe(MESSAGES);
    expect(messagesFor('')).toBe(MESSAGES);
  });
});

describe('MESSAGE_FUNCTIONS_DE', () => {
  it('has every function of MESSAGE_FUNCTIONS with the same arity', () => {
    expect(Object.keys(MESSAGE_FUNCTIONS_DE).sort()).toEqual(Object.keys(MESSAGE_FUNCTIONS).sort());
    for (const key of Object.keys(MESSAGE_FUNCTIONS) as (keyof typeof MESSAGE_FUNCTIONS)[]) {
      expect({ key, arity: MESSAGE_FUNCTIONS_DE[key].length }).toEqual({ key, arity: MESSAGE_FUNCTIONS[key].length });
    }
  });

  it('is what messageFunctionsFor gives for German tags, English for the rest', () => {
    expect(messageFunctionsFor('de-DE')).toBe(MESSAGE_FUNCTIONS_DE);
    expect(messageFunctionsFor('en-GB')).toBe(MESSAGE_FUNCTIONS);
    expect(messageFunctionsFor('fr')).toBe(MESSAGE_FUNCTIONS);
  });

  it('words the refusals in German with German amounts', () => {
    const de = MESSAGE_FUNCTIONS_DE;
    expect(de.approvalLimitExceeded(9200, 'EUR', 'INV-1.pdf', 5000, 'Freigabe L1', { amount: 10414.4, currencyCode: 'USD' })).toBe(
      'Der Betrag 9.200,00 EUR (10.414,40 USD) von INV-1.pdf überschreitet Ihr Freigabelimit von 5.000,00 USD in der Warteschlange Freigabe L1.',
    );
    expect(de.segregationPreparer('imported', 'INV-1.pdf')).toBe(
      "Funktionstrennung: Sie haben 'INV-1.pdf' importiert, daher muss jemand anderes den Beleg freigeben.",
    );
    expect(de.queueRefusesImport('Eingang')).toBe(
      'Fehler: Import kann nicht abgeschlossen werden! Die Warteschlange Eingang nimmt keine importierten Belege an.',
    );
    expect(de.submissionRequiredMessage(2)).toBe(MESSAGES_DE.submittedDocumentsRequired);
  });

  it('tells its own approval-limit and duplicate refusals, and not the English ones', () => {
    const de = MESSAGE_FUNCTIONS_DE;
    const en = MESSAGE_FUNCTIONS;
    expect(de.isApprovalLimitRefusal(de.approvalLimitExceeded(10, 'EUR', 'A', 5, 'Q'))).toBe(true);
    expect(de.isApprovalLimitRefusal(de.approvalLimitUnchecked('A', 'Q'))).toBe(true);
    expect(de.isApprovalLimitRefusal(de.approvalAmountUnknown('A', 'Q', true))).toBe(true);
    expect(de.isApprovalLimitRefusal(de.approvalLimitNoRate(1, 'EUR', 'A', 5, 'USD', 'Q', 'EUR', '2026-01-01', 'Business Central'))).toBe(
      true,
    );
    expect(de.isApprovalLimitRefusal(de.segregationPreparer('coded', 'A'))).toBe(false);
    expect(en.isApprovalLimitRefusal(de.approvalLimitExceeded(10, 'EUR', 'A', 5, 'Q'))).toBe(false);
    const other = { id: 7, name: 'B.pdf', queueName: 'Eingang', approved: false, reasons: ['file' as const] };
    expect(de.isDuplicateOverrideRefusal(de.duplicateOverrideRequired('A.pdf', other))).toBe(true);
    expect(de.isDuplicateOverrideRefusal(en.duplicateOverrideRequired('A.pdf', other))).toBe(false);
  });
});
