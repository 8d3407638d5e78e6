import type { DocumentAccess, DocumentLink } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';

/** What the merge rule reads of a selected document */
export interface MergeDocument {
  access: Pick<DocumentAccess, 'merge'>;
  link: DocumentLink | null;
}

/** Whether two links point at the same record (spec link fields); two missing links are the same. */
export function isSameLink(a: DocumentLink | null, b: DocumentLink | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.dataAreaId === b.dataAreaId &&
    a.sourceTableId === b.sourceTableId &&
    a.sourceType === b.sourceType &&
    a.sourceNumber === b.sourceNumber
  );
}

/** Spec §5: merge needs more than 1 document, all with the merge flag and the same link. */
export function mergeAvailability(documents: readonly MergeDocument[]): ActionAvailability {
  if (documents.length < 2) return blockAction('tooFewDocuments', MESSAGES.mergeNeedsTwoDocuments);
  if (!documents.every((doc) => doc.access.merge)) return blockAction('notPermitted', MESSAGES.actionNotPermitted);
  const first = documents[0].link;
  if (!documents.every((doc) => isSameLink(doc.link, first))) return blockAction('differentLinks', MESSAGES.mergeDifferentLinks);
  return allowAction();
}
