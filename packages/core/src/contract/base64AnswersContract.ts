import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/**
 * `GET /api/documents/{id}/data/base64` → one document's file for an e-mail attachment (the
 * Outlook compose pane hands `base64` to `addFileAttachmentFromBase64Async` as it is).
 * `base64` comes last on the wire: the server streams it.
 */
export const DocumentBase64Answer = Type.Object({
  documentId: Type.Integer({ description: 'The document.' }),
  fileName: Type.String({ description: 'The name to attach it under (".pdf" when annotations are burned in).' }),
  mediaType: Type.String({ description: "The file's media type, e.g. application/pdf." }),
  size: Type.Integer({ description: 'Bytes of the file (decoded).' }),
  annotationsEmbedded: Type.Boolean({ description: 'Whether the file is the PDF with the annotations burned in.' }),
  base64: Type.String({ description: 'The file, standard base64 with padding: no data: prefix, no line breaks.' }),
});

/** One page's thumbnail in `DocumentThumbnailsBase64Answer`. */
export const PageThumbnailBase64Answer = Type.Object({
  page: Type.Integer({ description: 'Pages are numbered from 1.' }),
  mediaType: Type.Literal('image/png'),
  base64: Type.String({ description: 'The PNG, standard base64 without a data: prefix.' }),
});

/**
 * `GET /api/documents/{id}/data/base64/thumbnails?width=&first=&count=` → page thumbnails as
 * base64 (`thumbnails` empty for a file without pages: Word, text, …).
 */
export const DocumentThumbnailsBase64Answer = Type.Object({
  documentId: Type.Integer(),
  totalPages: Type.Integer({ description: 'Pages of the document; 0 when it has no page form.' }),
  width: Type.Integer({ description: 'The width the thumbnails were drawn at, in pixels.' }),
  thumbnails: Type.Array(PageThumbnailBase64Answer),
});

/** The answer of `GET /api/documents/{id}/data/base64`. */
export type DocumentBase64 = Static<typeof DocumentBase64Answer>;
/** The answer of `GET /api/documents/{id}/data/base64/thumbnails`. */
export type DocumentThumbnailsBase64 = Static<typeof DocumentThumbnailsBase64Answer>;
