import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/**
 * The body of `PUT /api/documents/{id}` (spec §7): changed fields and naming. `userDate` is
 * checked by the server's date rule (its own spec message), so the schema leaves its type open.
 */
export const DocumentChangesBody = Type.Object(
  {
    description: Type.Optional(Type.String()),
    userString: Type.Optional(Type.String()),
    userDate: Type.Optional(
      Type.Unknown({
        description: "A date or date-time, '' or null to blank it (refused with the spec's 'Please re-enter a valid date.').",
      }),
    ),
    overridden: Type.Optional(
      Type.Unknown({ description: 'Sent by the embedded client with the user fields (spec §7); the server keeps no override state.' }),
    ),
    name: Type.Optional(Type.String()),
    autoname: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])),
    useContext: Type.Optional(Type.Boolean()),
    dataAreaId: Type.Optional(Type.String()),
    recordId: Type.Optional(Type.String()),
    tableId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    sourceType: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  },
  { additionalProperties: false },
);

/**
 * The fields of `PUT /api/documents/{id}` that change a document, as the client sends them and the
 * server applies them: `userDate` is an ISO date-time, or null to blank it. Each needs its privilege.
 */
export type DocumentChanges = Pick<Static<typeof DocumentChangesBody>, 'description' | 'userString'> & { userDate?: string | null };

/** The JSON body of `PUT /api/documents/{id}` as a client sends it. */
export type DocumentChangesRequest = Static<typeof DocumentChangesBody>;

/** The body of `POST /api/documents/{id}/notes`: the note (required and at most 4000 characters by the note rule). */
export const NoteBody = Type.Object({ text: Type.Optional(Type.Union([Type.String(), Type.Null()])) }, { additionalProperties: false });

/** The body of `POST /api/document/{id}/custom`: custom (index) data values, text or null. */
export const CustomDataBody = Type.Object(
  {
    values: Type.Array(
      Type.Object(
        { fieldId: Type.Integer({ minimum: 1 }), value: Type.Union([Type.String(), Type.Null()]) },
        { additionalProperties: false },
      ),
      {
        maxItems: 200,
      },
    ),
  },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/document/{id}/custom`. */
export type CustomDataRequest = Static<typeof CustomDataBody>;

/** The body of `PUT /api/documents/{id}/subtype`: a subtype id (or `{ id }`). */
export const SubtypeChangeBody = Type.Object(
  {
    subtype: Type.Union([Type.Integer({ minimum: 1 }), Type.Object({ id: Type.Integer({ minimum: 1 }) })]),
    ignorePermissions: Type.Optional(Type.Boolean()),
    rowVersion: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/documents/{id}/subtype`. */
export type SubtypeChangeRequest = Static<typeof SubtypeChangeBody>;
