import { createHash } from 'node:crypto';
import { canonicalHistoryContent, historyRowHash } from './historyRowHash';

const row = {
  id: 41,
  document_id: 7,
  action: 'approve',
  from_queue_id: 3,
  to_queue_id: 4,
  user_id: 2,
  note: null,
  at: '2026-12-07T10:00:00.000Z',
  amount: 12000.5,
  amount_currency: 'EUR',
  approval_limit: null,
  prev_hash: 'abc',
  row_hash: 'def',
};

describe('canonicalHistoryContent', () => {
  it('sorts the keys, leaves out id, the chain and NULL columns, and writes every value as text', () => {
    expect(canonicalHistoryContent(row)).toBe(
      '{"action":"approve","amount":"12000.5","amount_currency":"EUR","at":"2026-12-07T10:00:00.000Z","document_id":"7","from_queue_id":"3","to_queue_id":"4","user_id":"2"}',
    );
  });

  it('is the same for the numbers PostgreSQL hands back as text (bigint) or numbers, and for key order', () => {
    const asPostgres = { ...row, document_id: BigInt(7), amount: 12000.5 };
    const reordered = Object.fromEntries(Object.entries(row).reverse());
    expect(canonicalHistoryContent(asPostgres)).toBe(canonicalHistoryContent(row));
    expect(canonicalHistoryContent(reordered)).toBe(canonicalHistoryContent(row));
    expect(canonicalHistoryContent({ ...row, amount: 10000 })).toContain('"amount":"10000"');
    expect(canonicalHistoryContent({ ...row, amount: -0 })).toContain('"amount":"0"');
  });

  it('leaves a column added later (NULL in old rows) out, so old rows keep their hash', () => {
    expect(canonicalHistoryContent({ ...row, a_later_column: null })).toBe(canonicalHistoryContent(row));
    expect(canonicalHistoryContent({ ...row, a_later_column: 'x' })).not.toBe(canonicalHistoryContent(row));
  });
});

describe('historyRowHash', () => {
  it("is SHA-256 hex over the previous row's hash, a line feed and the canonical content", () => {
    const expected = createHash('sha256')
      .update(`prev\n${canonicalHistoryContent(row)}`)
      .digest('hex');
    expect(historyRowHash('prev', row)).toBe(expected);
    expect(historyRowHash('prev', row)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any column and with the previous hash', () => {
    const base = historyRowHash('', row);
    expect(historyRowHash('', { ...row, note: 'changed' })).not.toBe(base);
    expect(historyRowHash('', { ...row, user_id: 3 })).not.toBe(base);
    expect(historyRowHash('x', row)).not.toBe(base);
    expect(historyRowHash('', { ...row, id: 99, row_hash: 'other' })).toBe(base);
  });
});
