import { OPTION_DEFAULTS, type Option } from '../model';
import { parseBooleanOption, parseColumnsOption, parseNumberOption, parseOptions } from './options';

describe('option parsing', () => {
  it('reads booleans', () => {
    expect(parseBooleanOption('true', false)).toBe(true);
    expect(parseBooleanOption(' TRUE ', false)).toBe(true);
    expect(parseBooleanOption('false', true)).toBe(false);
    expect(parseBooleanOption('maybe', true)).toBe(true);
    expect(parseBooleanOption('', false)).toBe(false);
  });

  it('reads numbers and falls back on anything else', () => {
    expect(parseNumberOption('52428800', 0)).toBe(52_428_800);
    expect(parseNumberOption(' 1 ', 0)).toBe(1);
    expect(parseNumberOption('-5', 7)).toBe(7);
    expect(parseNumberOption('1e9', 7)).toBe(7);
    expect(parseNumberOption('abc', 7)).toBe(7);
    expect(parseNumberOption(undefined, 7)).toBe(7);
  });

  it('reads the columns JSON, defaulting the width to 100', () => {
    const columns = parseColumnsOption(
      JSON.stringify([
        { key: 'name', field: 'name', title: 'Name', width: 200, desc: false },
        { key: 'size', field: 'FileSize', title: 'Size', desc: true },
        { title: 'no field' },
        'junk',
      ]),
    );
    expect(columns).toEqual([
      { key: 'name', field: 'name', title: 'Name', width: 200, desc: false },
      { key: 'size', field: 'FileSize', title: 'Size', width: 100, desc: true },
    ]);
  });

  it('falls back to the default columns on bad JSON', () => {
    const columns = parseColumnsOption('{not json');
    // The decision columns an approver reads, due date before invoice date so it stays on screen at 1440 px, then where and since when.
    expect(columns.map((c) => c.field)).toEqual([
      'name',
      'vendor',
      'invoiceNumber',
      'amount',
      'dueDate',
      'invoiceDate',
      'cashDiscountDate',
      'daysInQueue',
      'lockHolder',
      'noteCount',
      'queueName',
      'createdAt',
    ]);
  });

  it('parses the option list, using defaults for missing or unreadable values', () => {
    const options: Option[] = [
      { optionName: 'Maximum PDF size in bytes', optionData: '1000' },
      { optionName: 'Fit to Width by Default', optionData: 'false' },
      { optionName: 'File Upload Size Limit', optionData: 'lots' },
      { optionName: 'Document User String 1 Label', optionData: 'PO Number' },
    ];
    const values = parseOptions(options);
    expect(values.maxPdfSizeBytes).toBe(1000);
    expect(values.fitToWidthByDefault).toBe(false);
    expect(values.fileUploadSizeLimit).toBe(52_428_800);
    expect(values.userString1Label).toBe('PO Number');
    expect(values.userDate1Label).toBe('User Date 1');
    expect(values.maxJpegSizeBytes).toBe(20_971_520);
    expect(values.folderSearchExpansionLevel).toBe(1);
    expect(values.workflowDocumentListColumns).toHaveLength(12);
  });

  it('parses the defaults into the same values as an empty list', () => {
    const all = Object.entries(OPTION_DEFAULTS).map(([optionName, optionData]) => ({ optionName, optionData }) as Option);
    expect(parseOptions(all)).toEqual(parseOptions([]));
    expect(parseOptions([]).fitToWidthByDefault).toBe(true);
  });
});
