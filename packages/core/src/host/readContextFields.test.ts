import { readContextFields } from './readContextFields';

describe('readContextFields', () => {
  it('keeps well-typed fields from any source: numbers or digit strings, trimmed text, braces stripped', () => {
    const source: Record<string, unknown> = {
      dataAreaId: ' CRONUS ',
      recordId: '{5D7E1C2A-8B3F-4A6E-9C01-000000010000}',
      typeName: 'bc:Microsoft.NAV.Vendor',
      tableId: 23,
      sitId: '1',
      sourceType: '2x',
    };
    expect(readContextFields((key) => source[key])).toEqual({
      dataAreaId: 'CRONUS',
      recordId: '5D7E1C2A-8B3F-4A6E-9C01-000000010000',
      typeName: 'bc:Microsoft.NAV.Vendor',
      tableId: 23,
      sitId: 1,
    });
  });

  it('drops blanks, objects and unsafe numbers instead of guessing', () => {
    const source: Record<string, unknown> = { dataAreaId: '  ', recordId: '{}', typeName: { x: 1 }, tableId: 2 ** 60, sitId: 1.5 };
    expect(readContextFields((key) => source[key])).toEqual({});
  });
});
