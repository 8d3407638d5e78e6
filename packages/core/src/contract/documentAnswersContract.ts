import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Annotation, AnnotationType } from '../model/annotation';
import type { CustomCategory, CustomCategoryDetail, DocumentCustomData } from '../model/customData';
import type { DocumentAccess } from '../model/document';
import type { FolderEntry } from '../model/folder';
import type { SearchSnippet } from '../model/searchSnippet';
import type { SearchTag, SearchTagKind } from '../model/searchTag';
import { nullableAnswer } from './nullableAnswer';
import { DocumentAnswer, DocumentLinkAnswer, DocumentListAnswer } from './responsesContract';
import type { SameType } from './sameType';

/** `POST /api/documents` (201), `POST /api/documents/{id}/split` (201), `POST /api/documents/recombination` (201) → the new documents. */
export const CreatedDocumentsAnswer = DocumentListAnswer;

/** `GET /api/documents/{id}/link` → the primary link, or null when unlinked. */
export const DocumentLinkOrNullAnswer = nullableAnswer(DocumentLinkAnswer);

/** `GET /api/documents/{id}/access` → what the caller may do with the document (core model DocumentAccess). */
export const DocumentAccessAnswer = Type.Object({
  merge: Type.Boolean(),
  renewLock: Type.Boolean(),
  createLock: Type.Boolean(),
  unlock: Type.Boolean(),
  route: Type.Boolean(),
  approve: Type.Boolean(),
  reject: Type.Boolean(),
  split: Type.Boolean(),
  viewFileData: Type.Boolean(),
  exportFileData: Type.Boolean(),
  changeSubtype: Type.Boolean(),
  delete: Type.Boolean(),
  readNotes: Type.Boolean(),
  readDetails: Type.Boolean(),
  reapplyName: Type.Boolean(),
  email: Type.Boolean(),
  link: Type.Boolean(),
  unlink: Type.Boolean(),
  splitAdvanced: Type.Optional(Type.Boolean()),
});

/** `GET /api/documents/{id}/view` → the document, where the viewer reads its bytes, and whether it can show them. */
export const DocumentViewAnswer = Type.Object({ document: DocumentAnswer, dataUrl: Type.String(), viewable: Type.Boolean() });

/** `DELETE /api/documents?docId[]=` → the ids deleted (those the caller could see). */
export const DeletedDocumentsAnswer = Type.Object({ deleted: Type.Array(Type.Integer()) });

/** One annotation with the caller's right to change it (core model Annotation). */
export const AnnotationAnswer = Type.Object({
  id: Type.String(),
  docId: Type.Integer(),
  type: Type.Unsafe<AnnotationType>(Type.Integer({ minimum: 1, maximum: 8, description: 'The annotation type code, 1–8.' })),
  page: Type.Integer(),
  color: Type.Integer(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  content: nullableAnswer(Type.String()),
  size: nullableAnswer(Type.Number()),
  author: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  rowVersion: Type.Integer(),
  canEdit: Type.Boolean(),
});

/** `GET /api/annotations?docId=` → Annotation[]. */
export const AnnotationListAnswer = Type.Array(AnnotationAnswer);

/** A custom-data category that applies to a document (core model CustomCategory). */
export const CustomCategoryAnswer = Type.Object({ id: Type.Integer(), name: Type.String(), order: Type.Integer() });

/** `GET /api/documents/{id}/custom-categories` → CustomCategory[]. */
export const CustomCategoryListAnswer = Type.Array(CustomCategoryAnswer);

/** `GET /api/documents/{id}/custom-categories/{categoryId}` → the category with its fields (core model CustomCategoryDetail). */
export const CustomCategoryDetailAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  order: Type.Integer(),
  fields: Type.Array(
    Type.Object({
      id: Type.Integer(),
      categoryId: Type.Integer(),
      name: Type.String(),
      label: Type.String(),
      dataSource: Type.Union([Type.Literal('Invalid'), Type.Literal('ManualEntry'), Type.Literal('EmailHeader')]),
      valueType: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date')]),
      order: Type.Integer(),
      required: Type.Boolean(),
      maxLength: Type.Integer(),
      editable: Type.Boolean(),
    }),
  ),
});

/** `GET` and `POST /api/document/{id}/custom` → the document's categories, fields and values (core model DocumentCustomData). */
export const DocumentCustomDataAnswer = Type.Object({
  documentId: Type.Integer(),
  categories: Type.Array(CustomCategoryDetailAnswer),
  values: Type.Array(Type.Object({ fieldId: Type.Integer(), value: nullableAnswer(Type.String()) })),
});

/** Where a search's words matched in one document (core model SearchSnippet). */
export const SearchSnippetAnswer = Type.Object({
  text: Type.String(),
  highlights: Type.Array(Type.Object({ start: Type.Integer(), end: Type.Integer() })),
});

/** `GET /api/documents/search` → a page of hits with their snippets by document id. */
export const SearchAnswer = Type.Object({
  documents: DocumentListAnswer,
  snippets: Type.Record(Type.String(), SearchSnippetAnswer, {
    description: 'By document id: the documents of this page with a text match.',
  }),
  total: Type.Integer(),
  skip: Type.Integer(),
  take: Type.Integer(),
});

/** A search tag to suggest (core model SearchTag). */
export const SearchTagAnswer = Type.Object({
  text: Type.String(),
  prefix: Type.String(),
  type: Type.Unsafe<SearchTagKind>(Type.String({ description: 'One of the search tag kinds.' })),
  key: Type.String(),
});

/** `GET /api/search-tags` → SearchTag[]. */
export const SearchTagListAnswer = Type.Array(SearchTagAnswer);

const folderConstraints = Type.Object({
  dataAreaId: Type.Optional(Type.String()),
  tableId: Type.Optional(Type.Integer()),
  recordId: Type.Optional(Type.String()),
  sourceType: Type.Optional(Type.Integer()),
  typeName: Type.Optional(Type.String()),
  sitId: Type.Optional(Type.Integer()),
  subtypeId: Type.Optional(Type.Integer()),
  relatedDataAreaId: Type.Optional(Type.String()),
  relatedRecordId: Type.Optional(Type.String()),
  relatedSourceType: Type.Optional(Type.Integer()),
  relatedTableId: Type.Optional(Type.Integer()),
  relatedTypeName: Type.Optional(Type.String()),
  relatedSitId: Type.Optional(Type.Integer()),
});

/**
 * One entry of the folder tree (core model FolderEntry): a folder with its children, a document,
 * or the empty marker. Recursive by `$id`; the serialiser tells the branches apart by `type`.
 */
export const FolderEntryAnswer = Type.Recursive(
  (entry) =>
    Type.Union([
      Type.Object({
        type: Type.Literal('folder'),
        id: Type.String(),
        name: Type.String(),
        constraints: folderConstraints,
        children: Type.Array(entry),
        allowUpload: Type.Boolean(),
        defaultExpanded: Type.Boolean(),
        forceDefaultExpanded: Type.Boolean(),
        groups: Type.Array(Type.String()),
      }),
      Type.Object({ type: Type.Literal('document'), id: Type.Integer(), name: Type.String(), document: DocumentAnswer }),
      Type.Object({ type: Type.Literal('empty'), id: Type.String(), name: Type.String() }),
    ]),
  { $id: 'FolderEntry' },
);

/** `GET /api/folder-structure` → the record's folder tree. */
export const FolderEntryListAnswer = Type.Array(FolderEntryAnswer);

const accessMatches: SameType<Static<typeof DocumentAccessAnswer>, DocumentAccess> = true;
const annotationMatches: SameType<Static<typeof AnnotationAnswer>, Annotation> = true;
const categoryMatches: SameType<Static<typeof CustomCategoryAnswer>, CustomCategory> = true;
const categoryDetailMatches: SameType<Static<typeof CustomCategoryDetailAnswer>, CustomCategoryDetail> = true;
const customDataMatches: SameType<Static<typeof DocumentCustomDataAnswer>, DocumentCustomData> = true;
const snippetMatches: SameType<Static<typeof SearchSnippetAnswer>, SearchSnippet> = true;
const tagMatches: SameType<Static<typeof SearchTagAnswer>, SearchTag> = true;
const folderMatches: SameType<Static<typeof FolderEntryAnswer>, FolderEntry> = true;
void accessMatches;
void annotationMatches;
void categoryMatches;
void categoryDetailMatches;
void customDataMatches;
void snippetMatches;
void tagMatches;
void folderMatches;
