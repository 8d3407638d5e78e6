import { DemoErpStore } from '../demo/demoErp/DemoErpStore';
import { DEMO_ERP_COMPANIES } from '../demo/demoErp/demoErpWorld';
import { startDemoErp, type DemoErpService } from '../demo/demoErp/startDemoErp';
import { DomainError } from '../errors/DomainError';
import { EXCHANGE_RATE_TTL_MS, convertToLocalCurrency, readLocalCurrency } from './currencyConversion';
import { EntitySources } from './EntitySources';

const CLIENT = { clientId: 'rates-test', clientSecret: 'rates-secret' };

/*
 * The demo ERP's rates of CRONUS (local currency USD): EUR 103.50 from 2025-01-01 and 113.20 from
 * 2025-05-01 per 100 EUR. Added here: yen quoted against the euro (100 JPY = 0.60 EUR), as a
 * company that buys yen through euros records it, and a company whose ERP names no local currency.
 */
const world = DEMO_ERP_COMPANIES.map((company) =>
  company.name === 'CRONUS'
    ? {
        ...company,
        exchangeRates: [
          ...company.exchangeRates,
          {
            currencyCode: 'JPY',
            startingDate: '2025-01-01',
            exchangeRateAmount: 100,
            relationalExchangeRateAmount: 0.6,
            relationalCurrencyCode: 'EUR',
          },
        ],
      }
    : { ...company, currencyCode: '' },
);

let erp: DemoErpService;
let sources: EntitySources;
let nowMs: number;
const now = (): Date => new Date(nowMs);

beforeEach(async () => {
  erp = await startDemoErp({ port: 0, ...CLIENT, store: new DemoErpStore(world) });
  sources = new EntitySources([
    {
      prefix: 'bc',
      label: 'Business Central',
      apiUrl: erp.apiUrl,
      tokenUrl: erp.tokenUrl,
      tenant: 'demo',
      ...CLIENT,
      scope: 'api://demo/.default',
      company: 'CRONUS',
    },
  ]);
  nowMs = Date.parse('2025-06-02T10:00:00Z');
});

afterEach(async () => {
  await erp.close();
});

describe("amounts in a company's local currency, at the ERP's rates", () => {
  it('reads the local currency from companyInformation; an amount in it, or in no currency, stays as it is', async () => {
    expect(await readLocalCurrency(sources, 'bc', 'CRONUS', now)).toBe('USD');
    expect(await convertToLocalCurrency(sources, 'bc', 'CRONUS', 1234.5, 'USD', '2025-05-12', now)).toEqual({
      kind: 'local',
      amount: 1234.5,
      localCurrency: 'USD',
    });
    expect(await convertToLocalCurrency(sources, 'bc', 'CRONUS', 99, '', '2025-05-12', now)).toMatchObject({ kind: 'local', amount: 99 });
  });

  it('converts at the rate valid on the date — the latest starting on or before it — rounded to the cent', async () => {
    const may = await convertToLocalCurrency(sources, 'bc', 'CRONUS', 1000.01, 'eur', '2025-05-12', now);
    expect(may).toMatchObject({ kind: 'converted', amount: 1132.01, localCurrency: 'USD' });
    const march = await convertToLocalCurrency(sources, 'bc', 'CRONUS', 1000, 'EUR', '2025-03-10', now);
    expect(march).toEqual({
      kind: 'converted',
      amount: 1035,
      localCurrency: 'USD',
      rates: [
        { currencyCode: 'EUR', startingDate: '2025-01-01', exchangeAmount: 100, relationalCurrencyCode: '', relationalAmount: 103.5 },
      ],
    });
    // On the first day of a rate, that rate.
    expect(await convertToLocalCurrency(sources, 'bc', 'CRONUS', 1000, 'EUR', '2025-05-01', now)).toMatchObject({ amount: 1132 });
  });

  it('follows a rate quoted against another currency to the local one', async () => {
    const yen = await convertToLocalCurrency(sources, 'bc', 'CRONUS', 1_000_000, 'JPY', '2025-05-12', now);
    // 1,000,000 JPY = 6,000 EUR = 6,792 USD at May's 113.20.
    expect(yen).toMatchObject({ kind: 'converted', amount: 6792, localCurrency: 'USD' });
    expect(yen.kind === 'converted' ? yen.rates.map((rate) => rate.currencyCode) : []).toEqual(['JPY', 'EUR']);
  });

  it('says which currency has no rate on the date: one the ERP never heard of, or a date before its first rate', async () => {
    expect(await convertToLocalCurrency(sources, 'bc', 'CRONUS', 500, 'CHF', '2025-05-12', now)).toEqual({
      kind: 'noRate',
      localCurrency: 'USD',
      missingCurrency: 'CHF',
      date: '2025-05-12',
    });
    expect(await convertToLocalCurrency(sources, 'bc', 'CRONUS', 500, 'EUR', '2024-12-31', now)).toMatchObject({
      kind: 'noRate',
      missingCurrency: 'EUR',
    });
  });

  it('keeps what it read for a few minutes only: within them the ERP is not asked again, after them it is', async () => {
    await convertToLocalCurrency(sources, 'bc', 'CRONUS', 100, 'GBP', '2025-05-12', now);
    const asked = erp.stats.apiRequests;
    await convertToLocalCurrency(sources, 'bc', 'CRONUS', 200, 'GBP', '2025-05-12', now);
    expect(erp.stats.apiRequests).toBe(asked);
    nowMs += EXCHANGE_RATE_TTL_MS + 1;
    await convertToLocalCurrency(sources, 'bc', 'CRONUS', 300, 'GBP', '2025-05-12', now);
    expect(erp.stats.apiRequests).toBeGreaterThan(asked);
  });

  it("refuses in words a company whose ERP names no local currency, and passes on the connector's words when the ERP is down", async () => {
    const unnamed = await readLocalCurrency(sources, 'bc', 'CRONUS-CA', now).catch((error: unknown) => error);
    expect(unnamed).toBeInstanceOf(DomainError);
    expect((unnamed as DomainError).message).toBe('Business Central does not name the local currency of company CRONUS-CA.');
    await erp.close();
    const down = await convertToLocalCurrency(sources, 'bc', 'CRONUS', 100, 'EUR', '2025-05-12', now).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(DomainError);
    expect((down as DomainError).kind).toBe('Unavailable');
    erp = await startDemoErp({ port: 0, ...CLIENT, store: new DemoErpStore(world) });
  });
});
