import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { markDuplicatesOfRecord } from '../duplicates';
import { dialectOf } from '../db/dialectOf';
import type { Database } from '../db/schema';
import type { ErpDeps } from './ErpDeps';
import type { EntityRecord } from './EntitySourceConnector';
import type { EntitySources } from './EntitySources';
import { resolveEntityTypeName } from './entityTypeQueries';
import { readLocalCurrency } from './currencyConversion';

/** `jobs.kind` of "read a linked record's decision facts from its ERP"; `jobs.subject` is the linked_record_facts id. */
export const LINKED_RECORD_FACTS_JOB = 'erp:linked-record-facts';

/** Facts older than this are read again the next time a listing shows them (a background job, never the listing). */
export const LINKED_RECORD_FACTS_TTL_MS = 15 * 60 * 1000;

/** After a failed read, how long before the next listing asks again (so a down ERP is not hammered). */
export const LINKED_RECORD_FACTS_RETRY_MS = 60 * 1000;

/** The record a document links to, as record_links names it. */
export interface LinkedRecordKey {
  integratedTableId: number;
  dataAreaId: string;
  recordId: string;
}

/** The facts read from one ERP record; null where the record's type has no such property. */
export interface LinkedRecordFactValues {
  recordNumber: string | null;
  vendorNumber: string | null;
  vendorName: string | null;
  invoiceNumber: string | null;
  amount: number | null;
  currencyCode: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  discountDate: string | null;
}

/**
 * Where each fact is read from, by the entity type's property names (first one the type has):
 * Business Central's API v2.0 names for purchase documents; a custom API page may add the
 * payment-discount date, which the standard one does not expose.
 */
const CANDIDATES: Readonly<Record<Exclude<keyof LinkedRecordFactValues, 'vendorNumber' | 'vendorName'>, readonly string[]>> = {
  recordNumber: ['number'],
  invoiceNumber: ['vendorInvoiceNumber', 'externalDocumentNumber', 'number'],
  amount: ['totalAmountIncludingTax', 'amountIncludingTax', 'totalAmount'],
  currencyCode: ['currencyCode'],
  invoiceDate: ['invoiceDate', 'documentDate', 'postingDate'],
  dueDate: ['dueDate'],
  discountDate: ['pmtDiscountDate', 'paymentDiscountDate', 'cashDiscountDate'],
};

/** A vendor is its own vendor: its number and name are the facts; it has no invoice. */
const VENDOR_TYPES = new Set(['vendor']);

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** An Edm.Date (or the date of an Edm.DateTimeOffset) as YYYY-MM-DD; BC's blank date 0001-01-01 is none. */
function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (match === null || match[1] === '0001-01-01') return null;
  return match[1];
}

/**
 * Reads a record's decision facts through its source's connector: one GET of the record with
 * only the properties its type has ($metadata, cached by the connector). Null when the ERP has
 * no such record; throws in the connector's words when the ERP cannot be read.
 */
export async function readLinkedRecordFacts(
  sources: EntitySources,
  entityTypeName: string,
  dataAreaId: string,
  recordId: string,
): Promise<LinkedRecordFactValues | null> {
  const { prefix, typeName } = resolveEntityTypeName(entityTypeName);
  const source = sources.source(prefix);
  const type = await source.entityType(typeName);
  const has = new Set(type.properties.map((property) => property.name));
  const first = (names: readonly string[]): string | null => names.find((name) => has.has(name)) ?? null;
  const isVendor = VENDOR_TYPES.has(type.name);
  const fields: Record<keyof LinkedRecordFactValues, string | null> = {
    recordNumber: first(CANDIDATES.recordNumber),
    vendorNumber: isVendor ? first(['number']) : first(['vendorNumber']),
    vendorName: isVendor ? first(['displayName', 'name']) : first(['vendorName', 'buyFromVendorName']),
    invoiceNumber: isVendor ? null : first(CANDIDATES.invoiceNumber),
    amount: isVendor ? null : first(CANDIDATES.amount),
    currencyCode: first(CANDIDATES.currencyCode),
    invoiceDate: isVendor ? null : first(CANDIDATES.invoiceDate),
    dueDate: isVendor ? null : first(CANDIDATES.dueDate),
    discountDate: isVendor ? null : first(CANDIDATES.discountDate),
  };
  const select = [...new Set(Object.values(fields).filter((name): name is string => name !== null))];
  const record: EntityRecord | null = await source.get(type.entitySet ?? typeName, recordId, { company: dataAreaId, select });
  if (record === null) return null;
  const value = (key: keyof LinkedRecordFactValues): unknown => {
    const name = fields[key];
    return name === null ? undefined : record[name];
  };
  return {
    recordNumber: textOf(value('recordNumber')),
    vendorNumber: textOf(value('vendorNumber')),
    vendorName: textOf(value('vendorName')),
    invoiceNumber: textOf(value('invoiceNumber')),
    amount: numberOf(value('amount')),
    currencyCode: textOf(value('currencyCode')),
    invoiceDate: dateOf(value('invoiceDate')),
    dueDate: dateOf(value('dueDate')),
    discountDate: dateOf(value('discountDate')),
  };
}

/** The source prefix of an entity type name ('bc' of 'bc:Microsoft.NAV.vendor'); '' when it has none. */
function sourceOf(entityTypeName: string): string {
  const colon = entityTypeName.indexOf(':');
  return colon < 1 ? '' : entityTypeName.slice(0, colon);
}

/**
 * Makes sure the record has a facts row (empty until read) and that a job will read it: one
 * pending job per record at most. Runs inside the caller's transaction (a link, an upload) or on
 * its own (a listing that found facts missing or old); the runner picks the job up after the
 * commit. Resolves to the facts row's id.
 */
export async function enqueueLinkedRecordFacts(db: Kysely<Database>, key: LinkedRecordKey, now: string): Promise<number> {
  const table = await db
    .selectFrom('integrated_tables')
    .select('entity_type_name')
    .where('id', '=', key.integratedTableId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('linked_record_facts')
    .values({
      integrated_table_id: key.integratedTableId,
      data_area_id: key.dataAreaId,
      record_id: key.recordId,
      source: sourceOf(table.entity_type_name),
    })
    .onConflict((oc) => oc.columns(['integrated_table_id', 'data_area_id', 'record_id']).doNothing())
    .execute();
  const { id } = await db
    .selectFrom('linked_record_facts')
    .select('id')
    .where('integrated_table_id', '=', key.integratedTableId)
    .where('data_area_id', '=', key.dataAreaId)
    .where('record_id', '=', key.recordId)
    .executeTakeFirstOrThrow();
  await enqueueFactsJob(db, id, now);
  return id;
}

/** Adds the read job of a facts row unless one is already pending or running. */
export async function enqueueFactsJob(db: Kysely<Database>, factsId: number, now: string): Promise<boolean> {
  const subject = String(factsId);
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', LINKED_RECORD_FACTS_JOB)
    .where('subject', '=', subject)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  if (pending !== undefined) return false;
  await db
    .insertInto('jobs')
    .values({ kind: LINKED_RECORD_FACTS_JOB, subject, run_after: databaseNowSql(dialectOf(db)), created_at: now })
    .execute();
  return true;
}

/** Whether a facts row is due to be read again: never read, or older than the TTL, and not tried within the retry pause. */
export function factsNeedRefresh(fetchedAt: string | null, attemptedAt: string | null, now: Date): boolean {
  const nowMs = now.getTime();
  const old = fetchedAt === null || nowMs - Date.parse(fetchedAt) >= LINKED_RECORD_FACTS_TTL_MS;
  const resting = attemptedAt !== null && nowMs - Date.parse(attemptedAt) < LINKED_RECORD_FACTS_RETRY_MS;
  return old && !resting;
}

/**
 * Reads one facts row's record from its ERP and stores what it found. When the ERP cannot be read
 * the row keeps its facts, is marked stale with the connector's message, and the run still
 * succeeds: the next listing after the retry pause asks again, so a down ERP costs no retry storm.
 * A row whose integrated table is gone is left alone.
 */
export async function refreshLinkedRecordFacts(deps: Pick<ErpDeps, 'db' | 'entitySources' | 'now'>, factsId: number): Promise<void> {
  const row = await deps.db
    .selectFrom('linked_record_facts as f')
    .innerJoin('integrated_tables as t', 't.id', 'f.integrated_table_id')
    .select(['f.id', 'f.data_area_id', 'f.record_id', 't.entity_type_name'])
    .where('f.id', '=', factsId)
    .executeTakeFirst();
  if (row === undefined) return;
  const attemptedAt = deps.now().toISOString();
  let facts: LinkedRecordFactValues | null;
  try {
    facts = await readLinkedRecordFacts(deps.entitySources, row.entity_type_name, row.data_area_id, row.record_id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .updateTable('linked_record_facts')
      .set({ stale: 1, attempted_at: attemptedAt, last_error: message })
      .where('id', '=', factsId)
      .execute();
    return;
  }
  const localCurrency =
    facts === null || facts.amount === null ? null : await localCurrencyOrNull(deps, row.entity_type_name, row.data_area_id);
  await deps.db
    .updateTable('linked_record_facts')
    .set({
      local_currency_code: localCurrency,
      record_number: facts?.recordNumber ?? null,
      vendor_number: facts?.vendorNumber ?? null,
      vendor_name: facts?.vendorName ?? null,
      invoice_number: facts?.invoiceNumber ?? null,
      amount: facts?.amount ?? null,
      currency_code: facts?.currencyCode ?? null,
      invoice_date: facts?.invoiceDate ?? null,
      due_date: facts?.dueDate ?? null,
      discount_date: facts?.discountDate ?? null,
      fetched_at: attemptedAt,
      attempted_at: attemptedAt,
      stale: 0,
      last_error: facts === null ? 'The ERP has no such record.' : null,
    })
    .where('id', '=', factsId)
    .execute();
  // The record's documents are judged as possible duplicates by what the ERP says now (issue 35).
  await markDuplicatesOfRecord(deps.db, factsId, attemptedAt);
}

/**
 * The local currency of the record's company, for the screen's limit check before the click
 * (erp/currencyConversion, kept a few minutes); null when the ERP does not say: the amount is
 * then left to the server's check on approval, which does not pass an amount it cannot place.
 */
async function localCurrencyOrNull(
  deps: Pick<ErpDeps, 'entitySources' | 'now'>,
  entityTypeName: string,
  company: string,
): Promise<string | null> {
  try {
    return await readLocalCurrency(deps.entitySources, resolveEntityTypeName(entityTypeName).prefix, company, deps.now);
  } catch {
    return null;
  }
}

/** A listed document's link and the state of its facts row, as the queue listing read them. */
export interface ListedFacts {
  link_table_id: number | null;
  link_data_area_id: string | null;
  link_record_id: string | null;
  facts_id: number | null;
  fetched_at: string | null;
  attempted_at: string | null;
}

/**
 * After a listing: queues a read for each listed record whose facts are missing, older than the
 * TTL or never read (outside the retry pause), so the next listing shows them fresh; the listing
 * itself never waits for the ERP. Resolves to how many jobs were added.
 */
export async function enqueueListedFactsRefresh(db: Kysely<Database>, listed: Iterable<ListedFacts>, now: Date): Promise<number> {
  const at = now.toISOString();
  let added = 0;
  const seen = new Set<string>();
  for (const row of listed) {
    if (row.link_table_id === null || row.link_data_area_id === null || row.link_record_id === null) continue;
    const key = `${row.link_table_id}\u0000${row.link_data_area_id}\u0000${row.link_record_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (row.facts_id === null) {
      await enqueueLinkedRecordFacts(
        db,
        { integratedTableId: row.link_table_id, dataAreaId: row.link_data_area_id, recordId: row.link_record_id },
        at,
      );
      added++;
    } else if (factsNeedRefresh(row.fetched_at, row.attempted_at, now) && (await enqueueFactsJob(db, row.facts_id, at))) {
      added++;
    }
  }
  return added;
}
