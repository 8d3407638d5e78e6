import { invalid } from '../errors/DomainError';
import type { EntityCondition, EntityFilter } from './buildODataFilter';
import type { EntitySources } from './EntitySources';
import type { EntityNavigationMetadata, EntityPropertyMetadata, EntityTypeMetadata } from './parseCsdl';

/** A property as GET /api/entity-types/{name}/properties answers it. */
export interface EntityPropertyAnswer {
  name: string;
  /** The Edm type, e.g. 'Edm.String'. */
  type: string;
  nullable: boolean;
  maxLength: number | null;
  isKey: boolean;
}

/** The column set the spec defaults to: the columns a user picks a record by when linking. */
export const DEFAULT_COLUMN_SET = 'pushLink';

/**
 * The properties of the pushLink column set, in display order, where the type has them: what
 * tells one record from another in a pick list (number, name, the vendor, dates, amount, status).
 */
const PUSH_LINK_COLUMNS = [
  'number',
  'displayName',
  'name',
  'vendorNumber',
  'vendorName',
  'vendorInvoiceNumber',
  'invoiceDate',
  'postingDate',
  'orderDate',
  'dueDate',
  'orderNumber',
  'totalAmountIncludingTax',
  'currencyCode',
  'status',
  'city',
];

/** Column sets by name: pushLink (the default) and all (every structural property). */
const COLUMN_SETS: Readonly<Record<string, (type: EntityTypeMetadata) => EntityPropertyMetadata[]>> = {
  pushLink: (type) => {
    const byName = new Map(type.properties.map((property) => [property.name, property]));
    const keys = type.keys.flatMap((key) => byName.get(key) ?? []);
    const columns = PUSH_LINK_COLUMNS.flatMap((name) => (type.keys.includes(name) ? [] : (byName.get(name) ?? [])));
    return [...keys, ...columns];
  },
  all: (type) => type.properties,
};

/** A name the API takes: `{prefix}:{entity type}`, e.g. 'bc:Microsoft.NAV.vendor', 'bc:vendor' or 'bc:vendors'. */
export function splitEntityTypeName(name: string): { prefix: string; typeName: string } {
  const colon = name.indexOf(':');
  if (colon < 1 || colon === name.length - 1)
    throw invalid(`'${name}' is not an entity type name: write it as prefix:type, e.g. bc:Microsoft.NAV.vendor.`);
  return { prefix: name.slice(0, colon), typeName: name.slice(colon + 1) };
}

/**
 * Integrated tables whose entity type name is the ERP's table, not its API entity (portal §3: an
 * EntityType carries its EntitySetName), mapped explicitly to the entity set that serves it, by
 * lower-case `prefix:type` name. BC's table 38 'Purchase Header' is seeded as the purchase
 * invoice table (source type 2), which Business Central's API v2.0 serves as `purchaseInvoices`;
 * its name shares nothing with the set, so no case-insensitive match could find it.
 */
const ENTITY_SET_NAMES: Readonly<Record<string, string>> = {
  'bc:microsoft.nav.purchaseheader': 'purchaseInvoices',
  // BC's table 122 'Purch. Inv. Header': the posted purchase invoices.
  'bc:microsoft.nav.purchinvheader': 'postedPurchaseInvoices',
  'bc:microsoft.nav.vendor': 'vendors',
  // BC's table 38 'Purchase Header' with document type Order: a name of its own, as the invoices hold 'PurchaseHeader'.
  'bc:microsoft.nav.purchaseorder': 'purchaseOrders',
  // BC's table 120 'Purch. Rcpt. Header': the posted receipts of an order.
  'bc:microsoft.nav.purchrcptheader': 'purchaseReceipts',
};

/** How the records of a collection navigation are found: the target's `toProperty` equals this record's `fromProperty`. */
export interface CollectionNavigationJoin {
  fromProperty: string;
  toProperty: string;
}

/**
 * The collection navigations whose join we know, by lower-case `{type name}.{navigation}`: CSDL
 * names no referential constraint on a collection, so only these are followed (a vendor's
 * invoices are not its related records; an invoice's receipts are, through the order it bills).
 */
const COLLECTION_NAVIGATION_JOINS: Readonly<Record<string, CollectionNavigationJoin>> = {
  'purchaseinvoice.purchasereceipts': { fromProperty: 'orderId', toProperty: 'orderId' },
  'purchaseorder.purchasereceipts': { fromProperty: 'id', toProperty: 'orderId' },
};

/** The join of a type's collection navigation (type name as $metadata names it, e.g. 'purchaseInvoice'), or null when unknown. */
export function collectionNavigationJoin(typeName: string, navigation: string): CollectionNavigationJoin | null {
  const key = `${typeName}.${navigation}`.toLowerCase();
  return Object.prototype.hasOwnProperty.call(COLLECTION_NAVIGATION_JOINS, key) ? COLLECTION_NAVIGATION_JOINS[key] : null;
}

/**
 * The source prefix and the name to look up in its $metadata for an API name: the mapped entity
 * set for an integrated table's type name, otherwise the type (or set) as written.
 */
export function resolveEntityTypeName(name: string): { prefix: string; typeName: string } {
  const { prefix, typeName } = splitEntityTypeName(name);
  const mapped = Object.prototype.hasOwnProperty.call(ENTITY_SET_NAMES, name.toLowerCase())
    ? ENTITY_SET_NAMES[name.toLowerCase()]
    : undefined;
  return { prefix, typeName: mapped ?? typeName };
}

function columnsOf(type: EntityTypeMetadata, columnSetName: string | undefined): EntityPropertyMetadata[] {
  const name = columnSetName === undefined || columnSetName === '' ? DEFAULT_COLUMN_SET : columnSetName;
  const columnSet = Object.prototype.hasOwnProperty.call(COLUMN_SETS, name) ? COLUMN_SETS[name] : undefined;
  if (columnSet === undefined) throw invalid(`There is no column set '${name}': use ${Object.keys(COLUMN_SETS).join(' or ')}.`);
  return columnSet(type);
}

/** The properties of an entity type's column set, discovered from its source's $metadata. */
export async function entityTypeProperties(sources: EntitySources, name: string, columnSetName?: string): Promise<EntityPropertyAnswer[]> {
  const { prefix, typeName } = resolveEntityTypeName(name);
  const type = await sources.source(prefix).entityType(typeName);
  return columnsOf(type, columnSetName).map((property) => ({ ...property, isKey: type.keys.includes(property.name) }));
}

/** How GET /api/entity-types/{name}/entities pages and filters. */
export interface EntityListOptions {
  columnSetName?: string;
  skip: number;
  take: number;
  /** The q_{field} filters: field → text. Text properties match by contains, others by equality. */
  filters: Readonly<Record<string, string>>;
  /** The company (data area) to read; the source's own by default. */
  dataAreaId?: string;
}

/**
 * One page of an entity type's records from its source, with the column set's properties (the
 * keys first) and `dataAreaId`. A client pages on until it gets a short page, as the spec's
 * by-properties call does.
 */
export async function listEntities(sources: EntitySources, name: string, options: EntityListOptions): Promise<Record<string, unknown>[]> {
  const { prefix, typeName } = resolveEntityTypeName(name);
  const source = sources.source(prefix);
  const type = await source.entityType(typeName);
  const columns = columnsOf(type, options.columnSetName);
  const conditions: EntityFilter[] = Object.entries(options.filters)
    .filter(([, value]) => value.trim() !== '')
    .map(([field, value]): EntityCondition => {
      const property = type.properties.find((candidate) => candidate.name === field);
      // An unknown field is refused by the connector, in its words.
      const operator = property === undefined || property.type === 'Edm.String' ? 'contains' : 'eq';
      return { property: field, operator, value: value.trim() };
    });
  const dataAreaId = options.dataAreaId ?? source.config.company;
  const records = await source.queryAll(type.entitySet ?? typeName, {
    company: dataAreaId,
    filter: conditions.length === 0 ? undefined : { and: conditions },
    select: columns.map((column) => column.name),
    orderBy: columns.some((column) => column.name === 'number') ? ['number'] : undefined,
    skip: options.skip,
    top: options.take,
  });
  return records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const column of columns) row[column.name] = record[column.name] ?? null;
    row.dataAreaId = dataAreaId;
    return row;
  });
}

/** The key property names of an entity type (BC: ['id']). */
export async function entityTypeKeys(sources: EntitySources, name: string): Promise<string[]> {
  const { prefix, typeName } = resolveEntityTypeName(name);
  return [...(await sources.source(prefix).entityType(typeName)).keys];
}

/** An entity type as its source's $metadata describes it, named with its prefix (the debug view of the metadata). */
export interface EntityTypeDescription {
  /** `prefix:qualified name`, e.g. 'bc:Microsoft.NAV.vendor'. */
  name: string;
  entitySet: string | null;
  keys: string[];
  properties: EntityPropertyMetadata[];
  navigations: EntityNavigationMetadata[];
}

function describe(prefix: string, type: EntityTypeMetadata): EntityTypeDescription {
  return {
    name: `${prefix}:${type.qualifiedName}`,
    entitySet: type.entitySet,
    keys: [...type.keys],
    properties: [...type.properties],
    navigations: [...type.navigations],
  };
}

/** One entity type with everything its $metadata says. */
export async function describeEntityType(sources: EntitySources, name: string): Promise<EntityTypeDescription> {
  const { prefix, typeName } = resolveEntityTypeName(name);
  return describe(prefix, await sources.source(prefix).entityType(typeName));
}

/** Every entity type of a source (by prefix) that has an entity set, in $metadata order. */
export async function listEntityTypes(sources: EntitySources, prefix: string): Promise<EntityTypeDescription[]> {
  const metadata = await sources.source(prefix).metadata();
  return metadata.entityTypes.filter((type) => type.entitySet !== null).map((type) => describe(prefix, type));
}
