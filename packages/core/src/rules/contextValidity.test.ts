import { isValidContext } from './contextValidity';

describe('isValidContext', () => {
  it('needs a record id, related record id or data area, plus a type name, sit id or table id', () => {
    expect(isValidContext({ recordId: 'abc', typeName: 'bc:Microsoft.NAV.Vendor' })).toBe(true);
    expect(isValidContext({ relatedRecordId: 'abc', tableId: 23 })).toBe(true);
    expect(isValidContext({ dataAreaId: 'CRONUS', sitId: 1 })).toBe(true);
  });

  it('is invalid without an identifying part', () => {
    expect(isValidContext({ typeName: 'bc:Microsoft.NAV.Vendor', tableId: 23 })).toBe(false);
  });

  it('is invalid without a type part', () => {
    expect(isValidContext({ recordId: 'abc', dataAreaId: 'CRONUS' })).toBe(false);
  });

  it('counts empty strings and NaN as missing', () => {
    expect(isValidContext({ recordId: '  ', typeName: 'x' })).toBe(false);
    expect(isValidContext({ recordId: 'abc', typeName: '' })).toBe(false);
    expect(isValidContext({ recordId: 'abc', tableId: Number.NaN })).toBe(false);
  });

  it('accepts 0 as a table or sit id value but refuses no context at all', () => {
    expect(isValidContext({ dataAreaId: 'CRONUS', tableId: 0 })).toBe(true);
    expect(isValidContext({})).toBe(false);
    expect(isValidContext(null)).toBe(false);
    expect(isValidContext(undefined)).toBe(false);
  });
});
