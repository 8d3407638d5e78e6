import type { DocumentLink } from '../model';
import { MESSAGES } from './messages';
import { isSameLink, mergeAvailability, type MergeDocument } from './mergeAvailability';

const link: DocumentLink = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 };
const doc = (patch: Partial<MergeDocument> = {}): MergeDocument => ({ access: { merge: true }, link, ...patch });

describe('mergeAvailability', () => {
  it('merge needs more than one document', () => {
    expect(mergeAvailability([doc()])).toEqual({ allowed: false, reason: 'tooFewDocuments', message: MESSAGES.mergeNeedsTwoDocuments });
    expect(mergeAvailability([])).toMatchObject({ allowed: false, reason: 'tooFewDocuments' });
    expect(mergeAvailability([doc(), doc()])).toEqual({ allowed: true, warning: null });
  });

  it('merge needs the merge flag on every document', () => {
    expect(mergeAvailability([doc(), doc({ access: { merge: false } })])).toMatchObject({ allowed: false, reason: 'notPermitted' });
  });

  it('merge needs the same link on every document', () => {
    expect(mergeAvailability([doc(), doc({ link: { ...link, sourceNumber: 'V20000' } })])).toEqual({
      allowed: false,
      reason: 'differentLinks',
      message: MESSAGES.mergeDifferentLinks,
    });
    expect(mergeAvailability([doc(), doc({ link: null })])).toMatchObject({ allowed: false, reason: 'differentLinks' });
    expect(mergeAvailability([doc({ link: null }), doc({ link: null })]).allowed).toBe(true);
  });
});

describe('isSameLink', () => {
  it('compares the link fields of the spec; two missing links are the same', () => {
    expect(isSameLink(link, { ...link, recordId: 'other key', sitId: 9 })).toBe(true);
    expect(isSameLink(link, { ...link, dataAreaId: 'OTHER' })).toBe(false);
    expect(isSameLink(link, { ...link, sourceTableId: 18 })).toBe(false);
    expect(isSameLink(link, { ...link, sourceType: 1 })).toBe(false);
    expect(isSameLink(null, null)).toBe(true);
    expect(isSameLink(link, null)).toBe(false);
  });
});
