import { ERP_MESSAGES } from './erpMessages';
import { ERP_MESSAGES_DE } from './erpMessagesDe';
import { erpMessagesFor } from './erpMessagesFor';

describe('erpMessagesFor', () => {
  it('has every ERP failure text in German, with the same parameters', () => {
    expect(Object.keys(ERP_MESSAGES_DE).sort()).toEqual(Object.keys(ERP_MESSAGES).sort());
    for (const key of Object.keys(ERP_MESSAGES) as (keyof typeof ERP_MESSAGES)[]) {
      expect({ key, arity: ERP_MESSAGES_DE[key].length }).toEqual({ key, arity: ERP_MESSAGES[key].length });
    }
  });

  it('words them in German for de tags and in English otherwise', () => {
    expect(erpMessagesFor('de-DE').erpTimedOut('Business Central', 1)).toBe(
      'Business Central hat nicht innerhalb von 1 Sekunde geantwortet. Bitte versuchen Sie es später erneut.',
    );
    expect(erpMessagesFor('de').erpUnknownCompany('Business Central', 'CRONUS')).toBe("Business Central hat keinen Mandanten 'CRONUS'.");
    expect(erpMessagesFor('en').erpTimedOut('Business Central', 10)).toBe(
      'Business Central did not answer within 10 seconds. Please try again later.',
    );
    expect(erpMessagesFor('fr-FR')).toBe(ERP_MESSAGES);
  });
});
