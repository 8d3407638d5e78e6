import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { nullableAnswer } from './nullableAnswer';

/**
 * The body of `PUT /api/users/{id}/entra-identity`: the Microsoft Entra identity the user signs in
 * with, the tenant's Directory (tenant) ID and the user's Object ID (GUIDs, any case).
 */
export const EntraIdentityBody = Type.Object(
  {
    tenantId: Type.String({ description: "The tenant's Directory (tenant) ID (the tokens' tid), a GUID." }),
    objectId: Type.String({ description: "The user's Object ID in Microsoft Entra ID (the tokens' oid), a GUID." }),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/users/{id}/entra-identity`. */
export type EntraIdentityRequest = Static<typeof EntraIdentityBody>;

/** One binding or clearing of a user's Entra identity: what it bound (null: cleared), what it replaced, who and when. */
export const EntraIdentityChangeAnswer = Type.Object({
  tenantId: nullableAnswer(Type.String()),
  objectId: nullableAnswer(Type.String()),
  previousTenantId: nullableAnswer(Type.String()),
  previousObjectId: nullableAnswer(Type.String()),
  changedBy: Type.String({ description: "The administrator's user name." }),
  changedAt: Type.String(),
});

/** `GET` / `PUT /api/users/{id}/entra-identity` → the user's Entra identity (null when none) and its changes, newest first. */
export const UserEntraIdentityAnswer = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  tenantId: nullableAnswer(Type.String()),
  objectId: nullableAnswer(Type.String()),
  changes: Type.Array(EntraIdentityChangeAnswer),
});
