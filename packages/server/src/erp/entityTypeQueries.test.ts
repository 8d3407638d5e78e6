import { startDemoErp, type DemoErpService } from '../demo/demoErp/startDemoErp';
import { DomainError } from '../errors/DomainError';
import { EntitySources } from './EntitySources';
import { entityTypeKeys, entityTypeProperties, listEntities, resolveEntityTypeName } from './entityTypeQueries';

const CLIENT = { clientId: 'entity-queries-test', clientSecret: 'entity-queries-secret' };

let erp: DemoErpService;
let sources: EntitySources;

beforeAll(async () => {
  erp = await startDemoErp({ port: 0, ...CLIENT, tokenLifetimeSeconds: 600 });
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
});

afterAll(async () => {
  await erp.close();
});

describe('resolveEntityTypeName', () => {
  it("maps an integrated table's type name to the entity set that serves it, in any case", () => {
    expect(resolveEntityTypeName('bc:Microsoft.NAV.PurchaseHeader')).toEqual({ prefix: 'bc', typeName: 'purchaseInvoices' });
    expect(resolveEntityTypeName('bc:microsoft.nav.purchaseheader')).toEqual({ prefix: 'bc', typeName: 'purchaseInvoices' });
    expect(resolveEntityTypeName('bc:Microsoft.NAV.Vendor')).toEqual({ prefix: 'bc', typeName: 'vendors' });
    // Related records' tables (32d18fd): the order has a name of its own, as table 38 already serves invoices.
    expect(resolveEntityTypeName('bc:Microsoft.NAV.PurchaseOrder')).toEqual({ prefix: 'bc', typeName: 'purchaseOrders' });
    expect(resolveEntityTypeName('bc:Microsoft.NAV.PurchRcptHeader')).toEqual({ prefix: 'bc', typeName: 'purchaseReceipts' });
  });

  it('leaves any other name as written', () => {
    expect(resolveEntityTypeName('bc:Microsoft.NAV.salesOrder')).toEqual({ prefix: 'bc', typeName: 'Microsoft.NAV.salesOrder' });
    expect(resolveEntityTypeName('bc:vendors')).toEqual({ prefix: 'bc', typeName: 'vendors' });
  });
});

describe('the seeded purchase invoice table (bc:Microsoft.NAV.PurchaseHeader) against the demo ERP', () => {
  it("lists the ERP's purchase invoices, filtered by number", async () => {
    const rows = await listEntities(sources, 'bc:Microsoft.NAV.PurchaseHeader', { skip: 0, take: 30, filters: { number: 'PI-1003' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: 'PI-1003', vendorNumber: 'V30000', dataAreaId: 'CRONUS' });
    expect(typeof rows[0].id).toBe('string');
  });

  it("answers the purchase invoice's properties and keys", async () => {
    const properties = await entityTypeProperties(sources, 'bc:Microsoft.NAV.PurchaseHeader');
    expect(properties.map((property) => property.name)).toEqual(
      expect.arrayContaining(['id', 'number', 'vendorNumber', 'totalAmountIncludingTax']),
    );
    expect(properties.find((property) => property.name === 'id')?.isKey).toBe(true);
    await expect(entityTypeKeys(sources, 'bc:Microsoft.NAV.PurchaseHeader')).resolves.toEqual(['id']);
  });

  it('still finds the vendor table by its mapped set, and refuses an unknown table as NotFound', async () => {
    const vendors = await listEntities(sources, 'bc:Microsoft.NAV.Vendor', { skip: 0, take: 30, filters: { number: 'V30000' } });
    expect(vendors.map((row) => row.number)).toEqual(['V30000']);
    const refusal = await listEntities(sources, 'bc:Microsoft.NAV.SalesHeader', { skip: 0, take: 30, filters: {} }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal instanceof DomainError ? refusal.kind : null).toBe('NotFound');
  });
});
