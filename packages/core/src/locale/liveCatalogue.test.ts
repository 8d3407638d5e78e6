import { MESSAGES as MESSAGES_EN, messagesFor } from '../rules';
import { MESSAGES } from './messages';
import { SHOWN_LANGUAGE } from './shownLanguage';
import { shownLanguageOf } from './shownLanguageOf';
import { UI_TEXT } from './uiText';

afterEach(() => SHOWN_LANGUAGE.show('en'));

describe('shownLanguageOf', () => {
  it("shows a host language's catalogue by its primary subtag, English for any other", () => {
    expect(['de-DE', 'de-AT', 'DE_ch', 'de', 'en-US', 'en-GB', 'fr-FR', 'nl', ''].map(shownLanguageOf)).toEqual([
      'de',
      'de',
      'de',
      'de',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});

describe('the live catalogues', () => {
  it('read the shown language on every access, groups kept in a constant included', () => {
    const viewer = UI_TEXT.viewer;
    expect(UI_TEXT.folders.upload).toBe('Upload');
    expect(viewer.zoomIn).toBe('Zoom in');
    SHOWN_LANGUAGE.show('de');
    expect(UI_TEXT.folders.upload).toBe('Hochladen');
    expect(viewer.zoomIn).toBe('Vergrößern');
    expect(UI_TEXT.workflow.promptTitle.approve(2)).toBe('2 Belege freigeben');
    expect(UI_TEXT.viewer.annotationTools.map((tool) => tool.name)[0]).toBe('Rechteck');
    SHOWN_LANGUAGE.show('en');
    expect(viewer.zoomIn).toBe('Zoom in');
  });

  it('list, spread and test keys as the shown language has them', () => {
    SHOWN_LANGUAGE.show('de');
    expect(Object.keys(UI_TEXT.notes.kindFilters)).toEqual(['user', 'system', 'viewed']);
    expect(Object.values(UI_TEXT.notes.kindFilters)).toEqual(['Benutzernotizen', 'Systemnotizen', 'Ansichtsnotizen']);
    expect({ ...UI_TEXT.workflow.columns }).toEqual({ name: 'Name', linked: 'Verknüpft', yes: 'Ja', no: 'Nein' });
    expect('zoomIn' in UI_TEXT.viewer).toBe(true);
    expect('nothing' in UI_TEXT.viewer).toBe(false);
  });

  it("give the spec's messages in the shown language: the German catalogue's, English where it has none", () => {
    expect(MESSAGES.noDocumentsFound).toBe(MESSAGES_EN.noDocumentsFound);
    SHOWN_LANGUAGE.show('de');
    expect(MESSAGES.noDocumentsFound).toBe(messagesFor('de').noDocumentsFound);
    expect(MESSAGES.taggedItems).toBe(messagesFor('de').taggedItems);
  });
});
