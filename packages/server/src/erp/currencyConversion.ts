import { invalid } from '../errors/DomainError';
import type { EntitySourceConnector } from './EntitySourceConnector';
import type { EntitySources } from './EntitySources';

/**
 * How long a company's local currency and an exchange rate read from the ERP are reused: a few
 * minutes, so a run of approvals does not ask the ERP for the same rate each time, and a decision
 * never rests on a rate read more than this long ago.
 */
export const EXCHANGE_RATE_TTL_MS = 5 * 60 * 1000;

/** The entity set of BC API v2.0 that names a company's local currency (`currencyCode`). */
const COMPANY_INFORMATION_SET = 'companyInformation';

/** The entity set of BC API v2.0 with the company's exchange rates (BC table 330). */
const EXCHANGE_RATES_SET = 'currencyExchangeRates';

/**
 * The amount properties of an exchange rate, by the names BC's API v2.0 publishes
 * (`exchangeRateAmount`, `relationalExchangeRateAmount`) or a custom API page's shorter ones.
 */
const RATE_AMOUNT = ['exchangeRateAmount', 'exchangeAmount'] as const;
const RELATIONAL_AMOUNT = ['relationalExchangeRateAmount', 'relationalExchangeAmount'] as const;

/** Conversions through relational currencies followed at most (EUR → USD → CAD is two). */
const MAX_RATE_CHAIN = 3;

/** One exchange rate the ERP holds: from `startingDate` on, `exchangeAmount` of `currencyCode` is worth `relationalAmount` of `relationalCurrencyCode` ('' = the local currency). */
export interface ExchangeRate {
  currencyCode: string;
  startingDate: string;
  exchangeAmount: number;
  relationalCurrencyCode: string;
  relationalAmount: number;
}

/**
 * An amount in a company's local currency: as it was (the record is in that currency), converted
 * at the rates the ERP holds for the date (each rate used, in order), or not convertible because
 * the ERP holds no rate for `missingCurrency` on or before the date.
 */
export type LocalCurrencyAmount =
  | { kind: 'local'; amount: number; localCurrency: string }
  | { kind: 'converted'; amount: number; localCurrency: string; rates: ExchangeRate[] }
  | { kind: 'noRate'; localCurrency: string; missingCurrency: string; date: string };

interface Cached<T> {
  value: T;
  expiresAt: number;
}

/** The values read per connector (so each configured ERP, and each test server, keeps its own). */
const caches = new WeakMap<EntitySourceConnector, Map<string, Cached<unknown>>>();

async function cached<T>(connector: EntitySourceConnector, key: string, nowMs: number, read: () => Promise<T>): Promise<T> {
  let cache = caches.get(connector);
  if (cache === undefined) {
    cache = new Map();
    caches.set(connector, cache);
  }
  const hit = cache.get(key);
  if (hit !== undefined && hit.expiresAt > nowMs) return hit.value as T;
  const value = await read();
  // Keys name invoice dates, so old ones are dropped as they expire rather than kept for the server's life.
  if (cache.size >= 1000) for (const [old, entry] of cache) if (entry.expiresAt <= nowMs) cache.delete(old);
  cache.set(key, { value, expiresAt: nowMs + EXCHANGE_RATE_TTL_MS });
  return value;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function codeOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/** Money in the local currency as the ERP books it: rounded to the cent. */
function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * The local currency (LCY) of a company of the source `prefix`: BC's companyInformation
 * `currencyCode` (General Ledger Setup's LCY Code), read through the connector and kept a few
 * minutes. A company whose ERP names none is refused in words: without it no amount can be placed.
 */
export async function readLocalCurrency(sources: EntitySources, prefix: string, company: string, now: () => Date): Promise<string> {
  const connector = sources.source(prefix);
  return cached(connector, `lcy|${company}`, now().getTime(), async () => {
    const page = await connector.query(COMPANY_INFORMATION_SET, { company, select: ['currencyCode'] });
    const code = codeOf(page.records[0]?.currencyCode);
    if (code === '') throw invalid(`${connector.config.label} does not name the local currency of company ${company}.`);
    return code;
  });
}

/**
 * The rate of `currencyCode` valid on `date` in a company: the one with the latest startingDate on
 * or before it (BC's rule), null when the ERP holds none. One filtered read of the ERP's
 * currencyExchangeRates, kept a few minutes.
 */
async function rateOn(
  connector: EntitySourceConnector,
  company: string,
  currencyCode: string,
  date: string,
  nowMs: number,
): Promise<ExchangeRate | null> {
  return cached(connector, `rate|${company}|${currencyCode}|${date}`, nowMs, async (): Promise<ExchangeRate | null> => {
    const type = await connector.entityType(EXCHANGE_RATES_SET);
    const has = new Set(type.properties.map((property) => property.name));
    const amountName = RATE_AMOUNT.find((name) => has.has(name)) ?? RATE_AMOUNT[0];
    const relationalName = RELATIONAL_AMOUNT.find((name) => has.has(name)) ?? RELATIONAL_AMOUNT[0];
    const page = await connector.query(EXCHANGE_RATES_SET, {
      company,
      filter: {
        and: [
          { property: 'currencyCode', operator: 'eq', value: currencyCode },
          { property: 'startingDate', operator: 'le', value: date },
        ],
      },
      select: ['currencyCode', 'startingDate', amountName, 'relationalCurrencyCode', relationalName],
      orderBy: ['startingDate desc'],
      top: 1,
    });
    const record = page.records[0];
    if (record === undefined) return null;
    const exchangeAmount = numberOf(record[amountName]);
    const relationalAmount = numberOf(record[relationalName]);
    // A rate of nothing converts nothing: as good as no rate.
    if (exchangeAmount === null || exchangeAmount <= 0 || relationalAmount === null || relationalAmount <= 0) return null;
    return {
      currencyCode,
      startingDate: typeof record.startingDate === 'string' ? record.startingDate.slice(0, 10) : date,
      exchangeAmount,
      relationalCurrencyCode: codeOf(record.relationalCurrencyCode),
      relationalAmount,
    };
  });
}

/**
 * An amount of a record of company `company` (source `prefix`) in that company's local currency,
 * as Business Central would book it: a record in the local currency (or naming none) as it is;
 * another currency converted at the rate valid on `date` (the latest startingDate on or before
 * it), following a rate's relational currency when it is not the local one, rounded to the cent.
 * No rate for a currency on that date → `noRate` naming it. The ERP unreachable throws the
 * connector's refusal in words.
 */
export async function convertToLocalCurrency(
  sources: EntitySources,
  prefix: string,
  company: string,
  amount: number,
  currencyCode: string,
  date: string,
  now: () => Date,
): Promise<LocalCurrencyAmount> {
  const localCurrency = await readLocalCurrency(sources, prefix, company, now);
  let current = codeOf(currencyCode);
  if (current === '' || current === localCurrency) return { kind: 'local', amount, localCurrency };
  const connector = sources.source(prefix);
  const rates: ExchangeRate[] = [];
  let factor = 1;
  for (let step = 0; step < MAX_RATE_CHAIN; step++) {
    const rate = await rateOn(connector, company, current, date, now().getTime());
    if (rate === null) return { kind: 'noRate', localCurrency, missingCurrency: current, date };
    rates.push(rate);
    factor *= rate.relationalAmount / rate.exchangeAmount;
    if (rate.relationalCurrencyCode === '' || rate.relationalCurrencyCode === localCurrency)
      return { kind: 'converted', amount: roundToCents(amount * factor), localCurrency, rates };
    current = rate.relationalCurrencyCode;
  }
  return { kind: 'noRate', localCurrency, missingCurrency: current, date };
}
