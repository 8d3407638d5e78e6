import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** The body of `POST /api/subtypes` (`sitId` or its alias `integratedTableId`). */
export const NewSubtypeBody = Type.Object(
  {
    sitId: Type.Optional(Type.Integer({ minimum: 1 })),
    integratedTableId: Type.Optional(Type.Integer({ minimum: 1 })),
    text: Type.String(),
    order: Type.Optional(Type.Integer({ minimum: 0 })),
    categoryId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/subtypes`. */
export type NewSubtypeRequest = Static<typeof NewSubtypeBody>;

/** The body of `PUT /api/integrated-tables/{sitId}/subtypes/{id}`: any of text, order, categoryId. */
export const SubtypeUpdateBody = Type.Object(
  {
    text: Type.Optional(Type.String()),
    order: Type.Optional(Type.Integer({ minimum: 0 })),
    categoryId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/integrated-tables/{sitId}/subtypes/{id}`. */
export type SubtypeUpdateRequest = Static<typeof SubtypeUpdateBody>;

/** The body of `POST /api/keys`: a label (1 to 200 characters) and the optional act-for-users grant. */
export const ApiKeyBody = Type.Object(
  { label: Type.Optional(Type.String()), actsForUsers: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
