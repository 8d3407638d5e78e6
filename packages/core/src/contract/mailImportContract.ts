import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { DocumentListAnswer } from './responsesContract';

/** One attachment of `POST /api/mail-import` that was not imported because the same file is already there. */
export const MailImportDuplicateAnswer = Type.Object({
  fileName: Type.String({ description: 'The attachment as sent.' }),
  documentId: Type.Union([Type.Integer(), Type.Null()], { description: 'The document already holding it, when the caller may see it.' }),
  message: Type.String({ description: 'Why it was not imported, in words.' }),
});

/** `POST /api/mail-import` (201) → the documents made from the e-mail and the attachments that were already stored. */
export const MailImportAnswer = Type.Object({
  documents: DocumentListAnswer,
  duplicates: Type.Array(MailImportDuplicateAnswer),
});

/** The answer of `POST /api/mail-import`. */
export type MailImport = Static<typeof MailImportAnswer>;
