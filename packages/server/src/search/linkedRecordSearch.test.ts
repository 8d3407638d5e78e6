import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { createDocument, createErpRecord, createWorld, makePdf, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { SearchAnswer } from './http/searchRoutes';
import { markedPassage } from './markedPassage';

describe('markedPassage', () => {
  const marked = (text: string, words: string[]): string | null =>
    markedPassage(text, words)?.replaceAll(SNIPPET_MARK_START, '[').replaceAll(SNIPPET_MARK_END, ']') ?? null;

  it('cuts the passage from the text as written: decimal points, thousands separators and hyphens kept', () => {
    expect(marked('Total due 150.00 USD', ['150', '00'])).toBe('Total due [150].[00] USD');
    expect(marked('Amount: 1,234.56 EUR.', ['1', '234', '56'])).toBe('Amount: [1],[234].[56] EUR.');
    expect(marked('Ref INV-1001\n\nnet   30', ['inv'])).toBe('Ref [INV]-1001 net 30');
  });

  it('marks the last word as a prefix, says where it cuts the text, and finds nothing when no word matches', () => {
    const long = `${Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')} Litware ${Array.from({ length: 40 }, (_, i) => `z${i}`).join(' ')}`;
    const passage = marked(long, ['litw']);
    expect(passage).toMatch(/^….* \[Litware\] .*…$/);
    expect(marked('Nothing here', ['litw'])).toBeNull();
  });
});

describeOnEachDatabase('search by the linked record and its captured facts', (server) => {
  let world: World;
  let litware: number;
  let contoso: number;
  let vendorNumber: string;
  beforeAll(async () => {
    world = await createWorld(server());
    vendorNumber = unique('VX');
    const db = server().deps.db;
    // Two invoices whose files say nothing of their vendor: only the linked record's facts do.
    const record = async (number: string, facts: { vendor: string; name: string; invoice: string; amount: number }) => {
      const recordId = await createErpRecord(server(), world.table.sitId, number);
      await db
        .insertInto('linked_record_facts')
        .values({
          integrated_table_id: world.table.sitId,
          data_area_id: 'CRONUS',
          record_id: recordId,
          source: 'bc',
          record_number: number,
          vendor_number: facts.vendor,
          vendor_name: facts.name,
          invoice_number: facts.invoice,
          amount: facts.amount,
          currency_code: 'USD',
          due_date: '2025-06-01',
          fetched_at: new Date().toISOString(),
          attempted_at: new Date().toISOString(),
        })
        .execute();
      return recordId;
    };
    const litwareRecord = await record(unique('PI-'), {
      vendor: vendorNumber,
      name: 'Quoxlitware Office',
      invoice: 'QLW-5531',
      amount: 1234.56,
    });
    const contosoRecord = await record(unique('PI-'), { vendor: unique('VY'), name: 'Contoso Qzx', invoice: 'CQZ-87311', amount: 150 });
    litware = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: litwareRecord,
      fileName: 'scan 1.pdf',
      content: await makePdf(1, 'Total due 1,234.56 payable within 30 days'),
      uploader: world.clerk,
    });
    contoso = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: contosoRecord,
      fileName: 'scan 2.pdf',
      content: await makePdf(1, 'Balance 150.00 net'),
      uploader: world.clerk,
    });
  });

  async function search(q: string, user = world.clerk): Promise<SearchAnswer> {
    const response = await server().inject({
      url: `/api/documents/search?q=${encodeURIComponent(q)}`,
      headers: server().authHeaders(user.username),
    });
    expect(response.statusCode).toBe(200);
    return response.json<SearchAnswer>();
  }
  const idsOf = (answer: SearchAnswer) => answer.documents.map((d: DmsDocument) => d.id).sort((a, b) => a - b);

  it('finds documents by the vendor number every row shows, in any case', async () => {
    expect(idsOf(await search(vendorNumber))).toEqual([litware]);
    expect(idsOf(await search(vendorNumber.toLowerCase()))).toEqual([litware]);
  });

  it('finds documents by the vendor name and the vendor invoice number', async () => {
    expect(idsOf(await search('quoxlitware'))).toEqual([litware]);
    expect(idsOf(await search('Quoxlitware Office'))).toEqual([litware]);
    expect(idsOf(await search('CQZ-87311'))).toEqual([contoso]);
    expect(idsOf(await search('qzx'))).toEqual([contoso]);
  });

  it('counts a document once when both its text and its record match, and none when neither does', async () => {
    const answer = await search('1,234.56');
    expect(idsOf(answer)).toEqual([litware]);
    expect(answer.total).toBe(1);
    expect((await search(`${vendorNumber} nosuchwordzz`)).total).toBe(0);
  });

  it('never finds a document the caller may not see through its record', async () => {
    expect((await search(vendorNumber, world.outsider)).total).toBe(0);
  });

  it('keeps decimal points and thousands separators in the snippet', async () => {
    const thousands = await search('1,234.56');
    const snippet = thousands.snippets[String(litware)];
    expect(snippet.text).toContain('1,234.56');
    const decimals = await search('150.00');
    expect(decimals.snippets[String(contoso)].text).toContain('150.00');
    const highlighted = decimals.snippets[String(contoso)];
    expect(highlighted.highlights.map((range) => highlighted.text.slice(range.start, range.end))).toEqual(['150', '00']);
  });
});
