import { autoDocumentName } from './documentAutoName';

const base = { sourceNumber: 'V10000', subtypeText: 'Invoice', userDate: null, createdAt: '2025-05-30T22:10:00.000Z', extension: 'pdf' };

describe('autoDocumentName', () => {
  it('joins the record number, subtype and creation day with the extension', () => {
    expect(autoDocumentName(base)).toBe('V10000 Invoice 2025-05-30.pdf');
  });

  it('uses the user date when one is set, and leaves out a missing subtype', () => {
    expect(autoDocumentName({ ...base, userDate: '2025-04-01T12:00:00.000Z' })).toBe('V10000 Invoice 2025-04-01.pdf');
    expect(autoDocumentName({ ...base, subtypeText: null })).toBe('V10000 2025-05-30.pdf');
    expect(autoDocumentName({ ...base, userDate: '1900-01-01T12:00:00.000Z' })).toBe('V10000 Invoice 2025-05-30.pdf');
  });

  it('replaces characters a file name may not hold', () => {
    expect(autoDocumentName({ ...base, sourceNumber: 'PI/1001', subtypeText: 'Credit: "note"\u202e' })).toBe(
      'PI_1001 Credit_ _note__ 2025-05-30.pdf',
    );
  });
});
