import { DEFAULT_DOCUMENT_LIST_COLUMNS, type DocumentDecision, type DocumentListField } from '../../../model';
import { testDocument } from '../../test/renderApp';
import { SHOWN_LANGUAGE } from '../../../locale/shownLanguage';
import {
  cellMarkers,
  cellText,
  columnTitle,
  configurableColumns,
  defaultHiddenColumns,
  formatAmount,
  gridColumns,
} from './documentColumns';

const FIELDS: DocumentListField[] = [
  { key: 'created', field: 'createdAt', title: 'Created', width: 0, desc: true },
  { key: 'name', field: 'name', title: 'Document', width: 240, desc: false },
  { key: 'size', field: 'FileSize', title: 'Size', width: 90, desc: false },
  { key: 'holder', field: 'lock', title: 'Locked by', width: 120, desc: false },
];

describe('gridColumns', () => {
  it('puts the name first, gives width 100 where the option has none, and keeps the user widths', () => {
    const columns = gridColumns(FIELDS, { widths: { size: 150 }, sort: null });
    expect(columns.map((c) => [c.key, c.width])).toEqual([
      ['name', 240],
      ['created', 100],
      ['size', 150],
      ['holder', 120],
    ]);
    expect(columns.find((c) => c.key === 'created')?.firstDesc).toBe(true);
    expect(columns.find((c) => c.key === 'holder')?.sort).toBeNull();
  });

  it('leaves out the columns the user hid, but never the name column', () => {
    const columns = gridColumns(FIELDS, { widths: {}, sort: null, hidden: ['size', 'name', 'holder'] });
    expect(columns.map((c) => c.key)).toEqual(['name', 'created']);
  });

  it('adds a name column when the option has none', () => {
    expect(
      gridColumns(
        FIELDS.filter((f) => f.field !== 'name'),
        { widths: {}, sort: null },
      )[0].field,
    ).toBe('name');
  });
});

describe('the leading decision columns', () => {
  it('follow the name in the order vendor, invoice number, amount, due date, and alone until the user picks columns', () => {
    const fields = [...DEFAULT_DOCUMENT_LIST_COLUMNS].reverse().map((c) => ({ ...c }));
    expect(gridColumns(fields, { widths: {}, sort: null }).map((c) => c.key)).toEqual([
      'name',
      'vendor',
      'invoiceNumber',
      'amount',
      'dueDate',
    ]);
    expect(defaultHiddenColumns(fields)).toEqual([
      'createdAt',
      'queueName',
      'noteCount',
      'lockHolder',
      'daysInQueue',
      'cashDiscountDate',
      'invoiceDate',
    ]);
    // A choice, even "all of them", replaces the defaults.
    expect(gridColumns(fields, { widths: {}, sort: null, hidden: [] })).toHaveLength(DEFAULT_DOCUMENT_LIST_COLUMNS.length);
    expect(
      configurableColumns(fields)
        .slice(0, 4)
        .map((f) => f.key),
    ).toEqual(['vendor', 'invoiceNumber', 'amount', 'dueDate']);
  });

  it('hide nothing of an option that has no decision column', () => {
    expect(defaultHiddenColumns(FIELDS)).toEqual([]);
  });
});

describe('configurableColumns', () => {
  it('offers every option column but the name, once each, in the option order', () => {
    expect(configurableColumns([...FIELDS, FIELDS[2]]).map((f) => f.key)).toEqual(['created', 'size', 'holder']);
  });
});

describe('decision cells', () => {
  const formats = {
    formatDate: (iso: string | null | undefined) =>
      iso
        ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso))
        : '',
    formatDateTime: (iso: string | null | undefined) => iso ?? '',
    formatFileSize: (bytes: number) => `${bytes} B`,
    region: 'de-DE',
  };
  const decision: DocumentDecision = {
    vendorNumber: 'V30000',
    vendorName: 'Northwind Traders',
    invoiceNumber: 'NWT-2025-0097',
    amount: 1234.5,
    currencyCode: 'EUR',
    invoiceDate: '2025-05-02',
    dueDate: '2025-06-01',
    cashDiscountDate: '2025-05-16',
    factsState: 'current',
    factsFetchedAt: '2025-05-30T08:00:00.000Z',
    daysInQueue: 1,
    noteCount: 2,
    overdue: true,
    discountExpiresToday: true,
  };
  const doc = testDocument({ id: 1, name: 'inv.pdf', decision, lock: { lockExpiration: null, ownLock: false, holder: 'pat' } });

  it('writes the amount in its currency with the region\'s number format, dates as calendar days, vendor as "name (number)"', () => {
    expect(cellText(doc, 'amount', formats)).toBe('1.234,50\u00a0€');
    expect(formatAmount(99, 'USD', 'en-US')).toBe('$99.00');
    expect(formatAmount(5, 'XX1', 'en-US')).toBe('5.00 XX1');
    expect(cellText(doc, 'vendor', formats)).toBe('Northwind Traders (V30000)');
    expect(cellText(doc, 'dueDate', formats)).toBe('Jun 1, 2025');
    expect(cellText(doc, 'daysInQueue', formats)).toBe('1 day');
    expect(cellText(doc, 'lockHolder', formats)).toBe('pat');
    expect(cellText(doc, 'noteCount', formats)).toBe('2');
  });

  it('marks overdue in the due date and the discount ending today in the discount date, stale facts in the vendor cell, in words', () => {
    expect(cellMarkers(doc, 'dueDate', formats)).toEqual([{ kind: 'overdue', text: 'Overdue' }]);
    expect(cellMarkers(doc, 'cashDiscountDate', formats)).toEqual([{ kind: 'discountEndsToday', text: 'Discount ends today' }]);
    expect(cellMarkers(doc, 'vendor', formats)).toEqual([]);
    const stale = testDocument({ id: 2, name: 'b.pdf', decision: { ...decision, factsState: 'stale', overdue: false } });
    expect(cellMarkers(stale, 'vendor', formats)).toEqual([
      { kind: 'stale', text: 'ERP unreachable: facts from 2025-05-30T08:00:00.000Z' },
    ]);
    expect(cellMarkers(stale, 'dueDate', formats)).toEqual([]);
  });

  it('sorts every decision column on the server', () => {
    const columns = gridColumns(
      DEFAULT_DOCUMENT_LIST_COLUMNS.map((c) => ({ ...c })),
      { widths: {}, sort: null, hidden: [] },
    );
    expect(columns.filter((c) => c.sort === null).map((c) => c.key)).toEqual(['queueName']);
  });
});

describe('columnTitle', () => {
  afterEach(() => SHOWN_LANGUAGE.show('en'));

  it("titles a default column in the language shown and keeps an administrator's own title as written", () => {
    const amount = DEFAULT_DOCUMENT_LIST_COLUMNS.find((column) => column.key === 'amount');
    const renamed = { key: 'amount', field: 'amount', title: 'Total (gross)', width: 120, desc: true };
    const untitled = { key: 'ref', field: 'externalRef', title: '', width: 100, desc: false };
    expect(amount ? columnTitle({ ...amount }) : null).toBe('Amount');
    SHOWN_LANGUAGE.show('de');
    expect(amount ? columnTitle({ ...amount }) : null).toBe('Betrag');
    expect(columnTitle(renamed)).toBe('Total (gross)');
    expect(columnTitle(untitled)).toBe('externalRef');
    expect(
      gridColumns(
        DEFAULT_DOCUMENT_LIST_COLUMNS.map((column) => ({ ...column })),
        { widths: {}, sort: null },
      ).map((column) => column.title),
    ).toEqual(['Name', 'Kreditor', 'Kreditorenrechnungsnr.', 'Betrag', 'Fälligkeitsdatum']);
  });
});
