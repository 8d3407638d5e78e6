import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PAGE_TEXT_DE } from './demoPageTextDe';
import { localizedDemoPage } from './localizedDemoPage';

const PAGES = ['erp/erp.html', 'teams/teams.html', 'outlook/outlook.html'];

describe('localizedDemoPage', () => {
  it('gives the Business Central page in German: lang, Business Central terms, labels and aria-labels', async () => {
    const english = await readFile(join(__dirname, 'erp/erp.html'), 'utf8');
    const german = localizedDemoPage(english, 'de');
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<h2 id="newinvoice-heading">Neue Einkaufsrechnung</h2>');
    expect(german).toContain('<label for="newinvoice-vendor">Eink. von Kred.-Nr.</label>');
    expect(german).toContain('<h2 id="vendors-heading">Kreditoren</h2>');
    expect(german).toContain('<button type="button" class="erp-action" id="erp-post" hidden>Buchen</button>');
    expect(german).toContain('aria-label="Rollencenter"');
    expect(german).toContain('<option value="webLight">Hell</option>');
    // Placeholders, ids and values are no words: untouched.
    expect(german).toContain('{{userOptions}}');
    expect(german).toContain('id="demo-theme"');
    expect(localizedDemoPage(english, 'en')).toBe(english);
  });

  it('has a use for every German text in the pages it serves (the sign-in page aside), each used whole', async () => {
    const pages = await Promise.all(PAGES.map((page) => readFile(join(__dirname, page), 'utf8')));
    const signInTexts = new Set([
      'Sign in (demo Microsoft Entra ID)',
      'Datahaven Documents asks to sign you in. This demo stand-in asks no password: pick who signs in.',
      'Account',
      'Sign in',
      'Sign-in request refused',
      'Pick the account to sign in with.',
    ]);
    for (const english of Object.keys(DEMO_PAGE_TEXT_DE).filter((text) => !signInTexts.has(text))) {
      expect({
        english,
        used: pages.some(
          (page) => page.includes(`"${english}"`) || new RegExp(`>\\s*${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*<`).test(page),
        ),
      }).toEqual({
        english,
        used: true,
      });
    }
    for (const page of pages) expect(localizedDemoPage(page, 'de')).toContain('<html lang="de">');
  });
});
