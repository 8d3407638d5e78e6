import type { DemoErpRecord, DemoErpStore } from './DemoErpStore';
import type { DemoErpSetName } from './demoErpEntityTypes';

/** The card pages a record URL names (GET /api/entities/url: BC's page numbers), and the set each shows. */
const CARD_PAGES: Readonly<Record<string, { set: DemoErpSetName; title: string }>> = {
  '26': { set: 'vendors', title: 'Vendor Card' },
  '50': { set: 'purchaseOrders', title: 'Purchase Order' },
  '51': { set: 'purchaseInvoices', title: 'Purchase Invoice' },
  '136': { set: 'purchaseReceipts', title: 'Posted Purchase Receipt' },
  '138': { set: 'postedPurchaseInvoices', title: 'Posted Purchase Invoice' },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The page's own words in German (Business Central's German card names), by their English. */
const WEB_CLIENT_TEXT_DE: Readonly<Record<string, string>> = {
  'Vendor Card': 'Kreditorenkarte',
  'Purchase Order': 'Einkaufsbestellung',
  'Purchase Invoice': 'Einkaufsrechnung',
  'Posted Purchase Receipt': 'Gebuchte Einkaufslieferung',
  'Posted Purchase Invoice': 'Gebuchte Einkaufsrechnung',
  'Not found': 'Nicht gefunden',
  'Business Central (demo web client)': 'Business Central (Demo-Webclient)',
  'Business Central (demo)': 'Business Central (Demo)',
  'The demo ERP has no such card': 'Das Demo-ERP hat keine solche Karte',
};

function page(title: string, body: string, language: string): string {
  return `<!doctype html><html lang="${language === 'de' ? 'de' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** The record number of BC's `filter='No.' IS 'V10000'` (quotes doubled inside), or null. */
function numberOfFilter(filter: string): string | null {
  const match = /^'No\.' IS '((?:[^']|'')*)'$/.exec(filter.trim());
  return match === null ? null : match[1].replace(/''/g, "'");
}

/**
 * The demo ERP's web client at its root: what a record URL of GET /api/entities/url opens
 * (`?company=CRONUS&page=26&filter='No.' IS 'V10000'`) where no ERP page opens records itself (a
 * Teams tab, the Outlook pane, a Launch Card the ERP page could not take): the card's title and
 * the record's fields as the demo ERP holds them. 404 in words for a page or record it does not have.
 */
export function demoErpWebClientPage(
  store: DemoErpStore,
  query: Record<string, string | undefined>,
  language = 'en',
): { status: number; html: string } {
  const say = (english: string): string => (language === 'de' ? (WEB_CLIENT_TEXT_DE[english] ?? english) : english);
  const card = CARD_PAGES[query.page ?? ''];
  const number = numberOfFilter(query.filter ?? '');
  const company = store.listCompanies().find((candidate) => candidate.name === query.company || candidate.id === query.company);
  const records = card === undefined || company === undefined ? null : store.list(String(company.id), card.set);
  const found: DemoErpRecord | undefined = records?.find((entry) => entry.record.number === number)?.record;
  if (card === undefined || company === undefined || found === undefined) {
    const what = `page ${query.page ?? '(none)'}, company ${query.company ?? '(none)'}, ${number === null ? 'no record filter' : `record ${number}`}`;
    return {
      status: 404,
      html: page(
        say('Not found'),
        `<h1>${say('Not found')}</h1><p>${say('The demo ERP has no such card')} (${escapeHtml(what)}).</p>`,
        language,
      ),
    };
  }
  const title = `${say(card.title)} ${String(found.number)}`;
  const rows = Object.entries(found)
    .filter(([, value]) => value !== null && typeof value !== 'object')
    .map(([name, value]) => `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(String(value))}</dd></div>`)
    .join('');
  return {
    status: 200,
    html: page(
      `${title} - ${say('Business Central (demo)')}`,
      `<p>${say('Business Central (demo web client)')} · ${escapeHtml(String(company.name))}</p><h1>${escapeHtml(title)}</h1><dl>${rows}</dl>`,
      language,
    ),
  };
}
