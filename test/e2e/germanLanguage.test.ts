import { AxeBuilder } from '@axe-core/playwright';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { UI_TEXT_DE } from '../../packages/core/src/locale/de/uiText';
import { UI_TEXT_EN, type UiTexts } from '../../packages/core/src/locale/uiText';
import { MESSAGES, messagesFor } from '../../packages/core/src/rules';
import { DEMO_QUEUES, DEMO_TABLES, DEMO_UNLINKED_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { useBrowserSession } from './support/browserSession';

/*
 * Issue 40 item 6, done when: with the host's locale de-DE every screen of the AP loop shows
 * German; with en-US, English; axe finds no `lang` mismatch. The demo ERP page passes the BC
 * session's language and region in the add-in's context (?locale=, as AL's SetContext does); the
 * browser itself stays en-US, so the German can only come from the host. The loop: the workflow
 * root, a queue with the inline viewer, Link to Existing (the clerk, in Coding) and Approve with a
 * note (the approver, in Approval L1) — each screen read for catalogue texts of either language.
 */
const session = useBrowserSession();
const APP_FRAME = 'iframe[title="Datahaven Documents"]';

type Shown = 'de' | 'en';

/** Every text of a catalogue (its strings, not its text functions). */
function textsOf(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof node === 'string') into.add(node.trim());
  else if (typeof node === 'object' && node !== null) for (const value of Object.values(node)) textsOf(value, into);
  return into;
}

/** The UI catalogue's and the spec's texts in each language. */
const CATALOGUE: Readonly<Record<Shown, Set<string>>> = {
  de: textsOf(messagesFor('de'), textsOf(UI_TEXT_DE)),
  en: textsOf(MESSAGES, textsOf(UI_TEXT_EN)),
};

/**
 * The demo's data, which is no catalogue's and stays as the server holds it: queue names
 * ('Approved', 'Rejected') and the record types' labels an administrator gave ('Vendor') read like
 * catalogue words. A text found on screen that equals one of these is not counted for either language.
 */
const DATA: ReadonlySet<string> = new Set([...DEMO_QUEUES.map((queue) => queue.name), ...DEMO_TABLES.map((table) => table.label)]);

/** The texts only one language has: what proves which language a screen shows. */
function onlyIn(language: Shown): Set<string> {
  const other = CATALOGUE[language === 'de' ? 'en' : 'de'];
  return new Set([...CATALOGUE[language]].filter((text) => text !== '' && !other.has(text) && !DATA.has(text)));
}

/** Every text the app shows or speaks (its text nodes but a PDF's own, its named attributes) and its `<html lang>`. */
async function screenTexts(app: FrameLocator): Promise<{ lang: string; texts: string[] }> {
  return app.locator('html').evaluate((html) => {
    const texts: string[] = [];
    const walker = html.ownerDocument.createTreeWalker(html.ownerDocument.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A PDF's own words (pdf.js's text layer) are the document's, not the app's.
      const inDocument = parent?.closest('[data-text-layer]') != null;
      if (parent && !inDocument && !['SCRIPT', 'STYLE'].includes(parent.tagName) && (node.textContent ?? '').trim() !== '') {
        texts.push((node.textContent ?? '').trim());
      }
    }
    for (const element of Array.from(html.ownerDocument.querySelectorAll('[aria-label], [title], [placeholder], [aria-description]'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'aria-description']) {
        const value = element.getAttribute(name);
        if (value !== null && value.trim() !== '') texts.push(value.trim());
      }
    }
    return { lang: html.ownerDocument.documentElement.lang, texts };
  });
}

/**
 * Expects the screen in `language`: `<html lang>` names it, several texts only its catalogue has
 * are on screen, and none that only the other language's catalogue has.
 */
async function expectScreenIn(app: FrameLocator, language: Shown, screen: string): Promise<void> {
  const { lang, texts } = await screenTexts(app);
  const own = onlyIn(language);
  const foreign = onlyIn(language === 'de' ? 'en' : 'de');
  const found = new Set(texts);
  const ownFound = [...found].filter((text) => own.has(text));
  expect({ screen, lang, foreign: [...found].filter((text) => foreign.has(text)) }).toEqual({ screen, lang: language, foreign: [] });
  // Some of the screen's own words, so a screen without any catalogue text cannot pass.
  expect({ screen, ownFound, enough: ownFound.length >= 2 }).toEqual({ screen, ownFound, enough: true });
}

/** Axe's language rules on our frame: none violated, and the lang checks ran and passed (a wrong or missing lang fails them). */
async function expectLangRulesPass(page: Page, screen: string): Promise<void> {
  const rules = ['html-has-lang', 'html-lang-valid', 'valid-lang', 'html-xml-lang-mismatch'];
  const results = await new AxeBuilder({ page }).include(APP_FRAME).withRules(rules).analyze();
  expect({ screen, violations: results.violations.map((violation) => violation.id) }).toEqual({ screen, violations: [] });
  const passed = new Set(results.passes.map((rule) => rule.id));
  // Axe checks html-has-lang on the top page only; in our frame it checks the <html lang> (and valid-lang where it applies).
  expect({ screen, passed: passed.has('html-lang-valid') }).toEqual({ screen, passed: true });
}

/** A queue's documents grid and one document's row in it. */
function queueRow(app: FrameLocator, text: UiTexts, queueName: string, documentName: string): Locator {
  return app
    .getByRole('grid', { name: text.workflow.documentsOf(queueName) })
    .getByRole('row')
    .filter({ has: app.getByRole('gridcell').first().filter({ hasText: documentName }) });
}

/** An action of the viewer's toolbar, on the bar or behind its More (the toolbar never wraps). */
async function viewerAction(app: FrameLocator, text: UiTexts, name: string): Promise<Locator> {
  const bar = app.getByRole('toolbar', { name: text.viewer.toolbar, exact: true });
  const onBar = bar.locator('button:not([aria-disabled="true"])', { hasText: name }).filter({ visible: true });
  const more = bar.getByRole('button', { name: text.phone.viewerTools, exact: true });
  await onBar.or(more).first().waitFor();
  if (await onBar.first().isVisible()) return onBar.first();
  await more.click();
  const inPanel = app.getByRole('toolbar', { name: text.phone.viewerTools, exact: true }).locator('button', { hasText: name });
  await inPanel.waitFor();
  return inPanel;
}

/** Opens the demo ERP's Document Workflow page as `user`, the BC session in `locale`, and waits for our workflow root. */
async function openWorkflow(page: Page, user: string, locale: string, text: UiTexts, queueName: string): Promise<FrameLocator> {
  await page.goto(`${session.server.baseUrl}/demo/erp?page=workflow&user=${user}&locale=${encodeURIComponent(locale)}`);
  const app = page.frameLocator(APP_FRAME);
  await app.getByRole('heading', { name: text.workflow.workflow, exact: true }).waitFor();
  // The workflow root's queue list, its counts in the language's words and plural forms ("Coding, 1 Beleg").
  const one = text.workflow.documentCount(1).replace(/^1 /, '');
  const many = text.workflow.documentCount(2).replace(/^2 /, '');
  await app.getByRole('link', { name: new RegExp(`^${queueName}, (1 ${one}|\\d+ ${many})(,|$)`) }).waitFor();
  return app;
}

/** Opens a queue from the root with the inline viewer on (autoview). */
async function openQueue(app: FrameLocator, text: UiTexts, queueName: string): Promise<void> {
  await app.getByRole('link', { name: new RegExp(`^${queueName}(,|$)`) }).click();
  await app.getByRole('heading', { name: queueName, exact: true }).waitFor();
  await app.getByRole('switch', { name: text.autoview }).setChecked(true);
}

/**
 * The AP loop in one language: the clerk links the Northwind invoice in Coding to `linkTo` through
 * Link to Existing; the approver approves `approve` in Approval L1 with a note. Every screen is
 * read for its language and axe's lang rules.
 */
async function walkApLoop(locale: string, language: Shown, linkTo: string, approve: string): Promise<void> {
  const text: UiTexts = language === 'de' ? UI_TEXT_DE : UI_TEXT_EN;
  const page = await session.newWindow();

  // The clerk: the workflow root, then Coding with the invoice in the inline viewer.
  let app = await openWorkflow(page, 'clerk', locale, text, 'Coding');
  await expectScreenIn(app, language, 'workflow root');
  await expectLangRulesPass(page, 'workflow root');
  await openQueue(app, text, 'Coding');
  await queueRow(app, text, 'Coding', DEMO_UNLINKED_FILE_NAME).click();
  await app.getByRole('toolbar', { name: text.viewer.toolbar, exact: true }).waitFor();
  await app.getByRole('button', { name: text.viewer.zoomIn, exact: true }).waitFor();
  await expectScreenIn(app, language, 'queue with the inline viewer');
  await expectLangRulesPass(page, 'queue with the inline viewer');

  // Link to Existing: the record type, the records filtered by number, Link.
  await (await viewerAction(app, text, text.link.linkToExisting)).click();
  await app.getByRole('heading', { name: text.link.titleOf(DEMO_UNLINKED_FILE_NAME) }).waitFor();
  await app.getByLabel(text.link.recordType).selectOption({ label: 'Purchase Invoice' });
  const records = app.getByRole('grid', { name: text.link.records });
  await records.getByRole('textbox', { name: text.link.filterOf('number'), exact: true }).fill(linkTo);
  // The filter has applied once the other open invoice's row is gone.
  await records.getByRole('row', { name: new RegExp(`^${linkTo === 'PI-1003' ? 'PI-1004' : 'PI-1003'} `) }).waitFor({ state: 'detached' });
  await records.getByRole('row', { name: new RegExp(`^${linkTo} `) }).click();
  await expectScreenIn(app, language, 'Link to Existing');
  await expectLangRulesPass(page, 'Link to Existing');
  await app.getByRole('button', { name: text.link.link, exact: true }).click();
  await app
    .locator('.fui-ToastTitle')
    .filter({ hasText: text.link.linkedTo(linkTo) })
    .waitFor();

  // The approver: Approval L1, the invoice in the viewer, Approve with the note the queue asks for.
  // A window of their own (the last route and settings are remembered per browser profile, as a second user's browser).
  const approverPage = await session.newWindow();
  app = await openWorkflow(approverPage, 'approver', locale, text, 'Approval L1');
  await openQueue(app, text, 'Approval L1');
  await queueRow(app, text, 'Approval L1', approve).click();
  await app.getByRole('button', { name: text.viewer.zoomIn, exact: true }).waitFor();
  const actions = app.getByRole('toolbar', { name: text.workflow.workflowActions, exact: true });
  await actions.getByRole('button', { name: text.workflow.approveCount(1), exact: true }).click();
  const prompt = app.getByRole('dialog').filter({ has: app.getByRole('textbox', { name: text.workflow.note }) });
  await prompt.getByRole('heading', { name: text.workflow.promptTitle.approve(1) }).waitFor();
  await expectScreenIn(app, language, 'approve prompt');
  await expectLangRulesPass(approverPage, 'approve prompt');
  await prompt.getByRole('textbox', { name: text.workflow.note }).fill(language === 'de' ? 'Geprüft.' : 'Checked.');
  await prompt.getByRole('button', { name: text.workflow.commands.approve, exact: true }).click();
  await prompt.waitFor({ state: 'hidden' });
  await queueRow(app, text, 'Approval L1', approve).waitFor({ state: 'detached' });
  await expectScreenIn(app, language, 'queue after the approval');
  await page.close();
  await approverPage.close();
}

describe("the AP loop in the host's language", () => {
  it('shows German on every screen when the ERP session is de-DE, with <html lang="de">', async () => {
    await walkApLoop('de-DE', 'de', 'PI-1003', 'LW-5531.pdf');
    expect(session.errors).toEqual([]);
  });

  it('shows English on every screen when the ERP session is en-US, with <html lang="en">', async () => {
    await walkApLoop('en-US', 'en', 'PI-1004', 'NWT-2025-0097.pdf');
    expect(session.errors).toEqual([]);
  });
});
