import { MESSAGES as SPEC_MESSAGES, messagesFor } from '../rules';
import { SHOWN_LANGUAGE } from './shownLanguage';
import { shownMessage } from './shownMessage';

describe('shownMessage: the rules’ English reasons in the language shown', () => {
  afterEach(() => SHOWN_LANGUAGE.show('en'));

  it('gives a spec text in German while German is shown, in English otherwise, and leaves other texts as they are', () => {
    SHOWN_LANGUAGE.show('de');
    expect(shownMessage(SPEC_MESSAGES.documentLinkRequired)).toBe(messagesFor('de').documentLinkRequired);
    expect(shownMessage(SPEC_MESSAGES.actionNotPermitted)).toBe(messagesFor('de').actionNotPermitted);
    expect(shownMessage(SPEC_MESSAGES.actionNotPermitted)).not.toBe(SPEC_MESSAGES.actionNotPermitted);
    expect(shownMessage('Approval L1 is closed today.')).toBe('Approval L1 is closed today.');
    SHOWN_LANGUAGE.show('en');
    expect(shownMessage(SPEC_MESSAGES.documentLinkRequired)).toBe('Document Link Required');
  });
});
