import { invalid, notFound } from '../errors/DomainError';
import { resolveEntityTypeName } from './entityTypeQueries';
import type { EntitySources } from './EntitySources';

/**
 * Business Central's card page of each API entity type (by its name in the namespace): the page
 * the web client opens for one record, as Launch Card does in BC itself.
 */
const BC_CARD_PAGES: Readonly<Record<string, number>> = {
  vendor: 26, // Vendor Card
  customer: 21, // Customer Card
  item: 30, // Item Card
  purchaseOrder: 50, // Purchase Order
  purchaseInvoice: 51, // Purchase Invoice
  purchaseCreditMemo: 52, // Purchase Credit Memo
  purchaseReceipt: 136, // Posted Purchase Receipt
  postedPurchaseInvoice: 138, // Posted Purchase Invoice
  salesOrder: 42, // Sales Order
  salesInvoice: 43, // Sales Invoice
};

/** Ours: the type has no card page we can open. */
export function noCardPage(erp: string, typeName: string): string {
  return `${erp} has no card page we can open for '${typeName}'.`;
}

/** Ours: the ERP has no record with the id in the company. */
export function noSuchRecord(erp: string, recordId: string, dataAreaId: string): string {
  return `${erp} has no record '${recordId}' in the company '${dataAreaId}'.`;
}

/**
 * The web client's root for an API root: Business Central online's
 * `https://api.businesscentral.dynamics.com/v2.0/{tenant}/{environment}/api/v2.0` opens at
 * `https://businesscentral.dynamics.com/{tenant}/{environment}/`; any other (on-premises, the
 * demo ERP) at the API root's server and instance, without `/api/…`.
 */
export function webClientRoot(apiUrl: string): string {
  const url = new URL(apiUrl);
  const online = /^\/v2\.0\/([^/]+)\/([^/]+)\/api\//.exec(url.pathname);
  if (url.hostname === 'api.businesscentral.dynamics.com' && online !== null)
    return `https://businesscentral.dynamics.com/${online[1]}/${online[2]}/`;
  const instance = url.pathname.replace(/\/api(\/.*)?$/, '').replace(/\/$/, '');
  return `${url.origin}${instance}/`;
}

/** A record's URL in its ERP (GET /api/entities/url). */
export interface EntityUrl {
  url: string;
  /** The card page opened. */
  pageId: number;
  /** The record's number, the page's filter. */
  number: string;
}

/**
 * The URL that opens a record's card in Business Central's web client:
 * `{root}?company={dataAreaId}&page={card page}&filter='No.' IS '{number}'`, the record read from
 * the ERP first so a missing one is refused rather than opening an empty card.
 */
export async function entityUrl(
  sources: EntitySources,
  typeName: string,
  dataAreaId: string | undefined,
  recordId: string,
): Promise<EntityUrl> {
  const { prefix, typeName: bare } = resolveEntityTypeName(typeName);
  const source = sources.source(prefix);
  const type = await source.entityType(bare);
  const pageId = Object.prototype.hasOwnProperty.call(BC_CARD_PAGES, type.name) ? BC_CARD_PAGES[type.name] : undefined;
  if (pageId === undefined || !type.properties.some((property) => property.name === 'number'))
    throw invalid(noCardPage(source.config.label, typeName));
  const company = dataAreaId ?? source.config.company;
  const record = await source.get(type.entitySet ?? bare, recordId, { company, select: ['number'] });
  if (record === null || typeof record.number !== 'string') throw notFound(noSuchRecord(source.config.label, recordId, company));
  const query = new URLSearchParams({ company, page: String(pageId), filter: `'No.' IS '${record.number.replace(/'/g, "''")}'` });
  return { url: `${webClientRoot(source.config.apiUrl)}?${query.toString().replace(/\+/g, '%20')}`, pageId, number: record.number };
}
