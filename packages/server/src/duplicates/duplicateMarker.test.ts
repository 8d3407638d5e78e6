import { CompiledQuery } from 'kysely';
import { startTestServer, type TestServer } from '../test/testServer';
import { factsMatchesQuery } from './duplicateMarker';

// SQLite only: PostgreSQL plans by its statistics (an empty table is scanned whatever the indexes);
// what this holds is that the marker's invoice-number expression is migration 0019's index text.
describe('the duplicate marker reads the facts of other records by index, never every record [sqlite]', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });

  afterAll(async () => {
    await server?.close();
  });

  const planOf = async (reason: 'vendorInvoiceNumber' | 'vendorAmountDate'): Promise<string> => {
    const compiled = factsMatchesQuery(server.deps.db, [1, 2], reason).compile();
    const plan = await server.deps.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  };

  it('seeks the matching records by vendor, company and the invoice number as compared', async () => {
    const plan = await planOf('vendorInvoiceNumber');
    expect(plan).toMatch(/SEARCH g USING INDEX linked_record_facts_vendor_invoice \(vendor_number=\? AND data_area_id=\? AND <expr>=\?\)/);
    expect(plan).not.toMatch(/SCAN (g|o|lo)\b/);
  });

  it('seeks them by vendor, company, invoice date and amount', async () => {
    const plan = await planOf('vendorAmountDate');
    expect(plan).toMatch(
      /SEARCH g USING INDEX linked_record_facts_vendor_amount_date \(vendor_number=\? AND data_area_id=\? AND invoice_date=\? AND amount=\?\)/,
    );
    expect(plan).not.toMatch(/SCAN (g|o|lo)\b/);
  });
});
