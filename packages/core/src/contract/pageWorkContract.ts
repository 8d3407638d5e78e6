import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** The body of `POST /api/documents/{id}/split`; `ranges` is checked by the split rule (the spec's message). */
export const SplitBody = Type.Object(
  {
    ranges: Type.Optional(Type.Unknown({ description: "The spec's page-range text, e.g. '1-3;4;5-10'." })),
    deleteOriginal: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The body of `POST /api/documents/merge`: the documents to merge, in order (fewer than two: the spec's message). */
export const MergeBody = Type.Object(
  {
    docIds: Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true }),
    name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    deleteOriginals: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * A merge (`POST /api/documents/merge`) as the client sends it and the server applies it: the
 * documents in the order their pages are joined, an optional name, whether the originals go.
 */
export type MergeRequestBody = Static<typeof MergeBody>;

/**
 * The merge as client and server mean it (see MergeRequestBody for the wire form).
 */
export type MergeRequest = Pick<Static<typeof MergeBody>, 'docIds'> & { name?: string; deleteOriginals: boolean };

/** One page range of one source document. */
const RecombinationPart = Type.Object(
  { documentId: Type.Integer({ minimum: 1 }), firstPage: Type.Integer({ minimum: 1 }), lastPage: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** The body of `POST /api/documents/recombination`: new documents built from page ranges. */
export const RecombinationBody = Type.Object(
  {
    documents: Type.Array(
      Type.Object(
        { parts: Type.Array(RecombinationPart, { minItems: 1 }), name: Type.Optional(Type.Union([Type.String(), Type.Null()])) },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    delete: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/documents/recombination`. */
export type RecombinationRequestBody = Static<typeof RecombinationBody>;
