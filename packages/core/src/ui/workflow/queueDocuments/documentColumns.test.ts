import type { DocumentListField } from '../../../model';
import { configurableColumns, gridColumns } from './documentColumns';

const FIELDS: DocumentListField[] = [
  { key: 'created', field: 'createdAt', title: 'Created', width: 0, desc: true },
  { key: 'name', field: 'name', title: 'Document', width: 240, desc: false },
  { key: 'size', field: 'FileSize', title: 'Size', width: 90, desc: false },
  { key: 'holder', field: 'lock', title: 'Locked by', width: 120, desc: false },
];

describe('gridColumns', () => {
  it('puts the name first, gives width 100 where the option has none, and keeps the user widths', () => {
    const columns = gridColumns(FIELDS, { widths: { size: 150 }, sort: null });
    expect(columns.map((c) => [c.key, c.width])).toEqual([['name', 240], ['created', 100], ['size', 150], ['holder', 120]]);
    expect(columns.find((c) => c.key === 'created')?.firstDesc).toBe(true);
    expect(columns.find((c) => c.key === 'holder')?.sort).toBeNull();
  });

  it('leaves out the columns the user hid, but never the name column', () => {
    const columns = gridColumns(FIELDS, { widths: {}, sort: null, hidden: ['size', 'name', 'holder'] });
    expect(columns.map((c) => c.key)).toEqual(['name', 'created']);
  });

  it('adds a name column when the option has none', () => {
    expect(gridColumns(FIELDS.filter((f) => f.field !== 'name'), { widths: {}, sort: null })[0].field).toBe('name');
  });
});

describe('configurableColumns', () => {
  it('offers every option column but the name, once each, in the option order', () => {
    expect(configurableColumns([...FIELDS, FIELDS[2]]).map((f) => f.key)).toEqual(['created', 'size', 'holder']);
  });
});
