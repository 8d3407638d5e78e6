import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Option, OptionName } from '../model/option';
import type { Privilege, PrivilegeName } from '../model/privilege';
import type { Subtype, SubtypePage } from '../model/subtype';
import { nullableAnswer } from './nullableAnswer';
import type { SameType } from './sameType';

/** An option (core model Option): the name is one of the spec's, the data always text. */
export const OptionAnswer = Type.Object({
  optionName: Type.Unsafe<OptionName>(Type.String({ description: "One of the spec's option names." })),
  optionData: Type.String(),
});

/** `GET /api/options` → Option[]. */
export const OptionListAnswer = Type.Array(OptionAnswer);

/** A document subtype of an integrated table (core model Subtype). */
export const SubtypeAnswer = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  order: Type.Integer(),
  integratedTable: Type.Object({ label: Type.String(), sitId: Type.Integer() }),
  categoryId: nullableAnswer(Type.Integer()),
});

/** `GET /api/subtype`, `/api/sits/{id}/subtypes`, `/api/documents/type/{id}/subtypes` → Subtype[]. */
export const SubtypeListAnswer = Type.Array(SubtypeAnswer);

/** `GET /api/v2/subtype` → a page of subtypes. */
export const SubtypePageAnswer = Type.Object({
  subtypes: SubtypeListAnswer,
  total: Type.Integer(),
  skip: Type.Integer(),
  take: Type.Integer(),
});

/** A privilege answer (core model Privilege): the action and whether the caller holds it. */
export const PrivilegeAnswer = Type.Object({
  action: Type.Unsafe<PrivilegeName>(Type.String({ description: "One of the spec's privilege names." })),
  value: Type.Boolean(),
});

/** `GET /api/can/actions` → Privilege[]. */
export const PrivilegeListAnswer = Type.Array(PrivilegeAnswer);

/** `POST /api/keys` → 201 the new key, shown this once. */
export const CreatedApiKeyAnswer = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  key: Type.String({ description: 'The key itself; only its hash is kept.' }),
  createdAt: Type.String(),
  actsForUsers: Type.Boolean(),
});

/** `GET /api/export/defaults` → the server's defaults of the download calls. */
export const ExportDefaultsAnswer = Type.Object({
  embedAnnotations: Type.Boolean({ description: 'Whether annotations are burned in when embedAnnotations is not sent.' }),
});

/** `GET /api/openapi.json` → the OpenAPI 3.1 document itself (written whole: every property kept). */
export const OpenApiDocumentAnswer = Type.Object(
  { openapi: Type.String(), info: Type.Object({}, { additionalProperties: true }) },
  { additionalProperties: true },
);

const optionMatches: SameType<Static<typeof OptionAnswer>, Option> = true;
const subtypeMatches: SameType<Static<typeof SubtypeAnswer>, Subtype> = true;
const subtypePageMatches: SameType<Static<typeof SubtypePageAnswer>, SubtypePage> = true;
const privilegeMatches: SameType<Static<typeof PrivilegeAnswer>, Privilege> = true;
void optionMatches;
void subtypeMatches;
void subtypePageMatches;
void privilegeMatches;
