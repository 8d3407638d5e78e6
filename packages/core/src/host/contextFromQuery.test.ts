import { contextFromQuery } from './contextFromQuery';

describe('contextFromQuery', () => {
  it('reads every listed parameter with its type', () => {
    expect(
      contextFromQuery(
        '?dataAreaId=CRONUS&recordId=abc&typeName=bc:Microsoft.NAV.Vendor&tableId=23&sitId=1&sourceType=2&isCapturable=true',
      ),
    ).toEqual({
      dataAreaId: 'CRONUS',
      recordId: 'abc',
      typeName: 'bc:Microsoft.NAV.Vendor',
      tableId: 23,
      sitId: 1,
      sourceType: 2,
      isCapturable: true,
    });
  });

  it("treats any isCapturable other than 'true' as false", () => {
    expect(contextFromQuery('isCapturable=TRUE').isCapturable).toBe(false);
    expect(contextFromQuery('isCapturable=1').isCapturable).toBe(false);
    expect(contextFromQuery('').isCapturable).toBeUndefined();
  });

  it('strips braces from id and uses it as recordId', () => {
    expect(contextFromQuery('id=%7B5E1B3C1A-0000-4000-8000-000000010000%7D').recordId).toBe('5E1B3C1A-0000-4000-8000-000000010000');
    expect(contextFromQuery('recordId=explicit&id={other}').recordId).toBe('explicit');
  });

  it('joins typename with the prefix', () => {
    expect(contextFromQuery('typename=Microsoft.NAV.Vendor').typeName).toBe('bc:Microsoft.NAV.Vendor');
    expect(contextFromQuery('typename=Microsoft.NAV.Vendor', { typeNamePrefix: 'fo' }).typeName).toBe('fo:Microsoft.NAV.Vendor');
    expect(contextFromQuery('typename=bc:Microsoft.NAV.Vendor').typeName).toBe('bc:Microsoft.NAV.Vendor');
    expect(contextFromQuery('typeName=bc:A&typename=B').typeName).toBe('bc:A');
    expect(contextFromQuery('prefix=fo&typename=Dynamics.AX.VendTable').typeName).toBe('fo:Dynamics.AX.VendTable');
  });

  it('leaves out empty values and numbers it cannot read', () => {
    expect(contextFromQuery('dataAreaId=&tableId=abc&sitId=1.5&sourceType=')).toEqual({});
  });

  it('accepts URLSearchParams', () => {
    expect(contextFromQuery(new URLSearchParams({ dataAreaId: 'CRONUS', tableId: '38' }))).toEqual({ dataAreaId: 'CRONUS', tableId: 38 });
  });
});
