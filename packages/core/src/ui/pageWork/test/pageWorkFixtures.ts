import { DOCUMENT_ACCESS_FLAGS, type DocumentAccess, type DocumentLink } from '../../../model';

/** Access flags as the server presents them: every flag false except those given. */
export function testAccess(flags: Partial<DocumentAccess> = {}): DocumentAccess {
  const access = Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])) as unknown as DocumentAccess;
  return { ...access, viewFileData: true, readDetails: true, ...flags };
}

/** The demo vendor's record link. */
export const VENDOR_LINK: DocumentLink = {
  dataAreaId: 'CRONUS',
  sourceTableId: 23,
  sourceType: 0,
  sourceNumber: 'V10000',
  sourceEntityTypeName: 'bc:Microsoft.NAV.Vendor',
  recordId: 'r1',
  sitId: 1,
};
