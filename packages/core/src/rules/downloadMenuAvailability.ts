import { LIMITS, type DocumentAccess } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';

/** Spec §5: the download menu needs at least one and at most 10 documents, all with the export flag. */
export function downloadMenuAvailability(documents: readonly { access: Pick<DocumentAccess, 'exportFileData'> }[]): ActionAvailability {
  if (documents.length === 0) return blockAction('noSelection', MESSAGES.noDocumentsSelected);
  if (documents.length > LIMITS.downloadMenuMaxDocuments) return blockAction('tooManyDocuments', MESSAGES.downloadTooManyDocuments);
  if (!documents.every((doc) => doc.access.exportFileData)) return blockAction('notPermitted', MESSAGES.actionNotPermitted);
  return allowAction();
}
