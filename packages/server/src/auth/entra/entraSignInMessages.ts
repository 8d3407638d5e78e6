/*
 * What a person reads when their Microsoft Entra ID sign-in finds no usable product user. Each
 * starts with the spec's sentence (embedded §6, portal §6: 'You do not have a license or
 * permission to access Datahaven Documents'), which the hosts show as the server words it, and
 * then says what to do: the spec is silent on that, so the rest is ours (docs/SECURITY.md,
 * "Entra ID identities").
 */
import type { EntraIdentity } from './EntraTokenValidator';

/** The spec's words when authentication finds no product user (embedded §6). */
export const NO_LICENSE_MESSAGE = 'You do not have a license or permission to access Datahaven Documents.';

/**
 * Ours: a valid Entra token whose tenant + object id no user is bound to. It names the ids, so the
 * person can hand them to the administrator who adds them (PUT /api/users/{id}/entra-identity).
 */
export function unknownEntraIdentity(identity: EntraIdentity): string {
  const account = identity.signInName === null ? 'Your Microsoft account' : `Your Microsoft account ${identity.signInName}`;
  return (
    `${NO_LICENSE_MESSAGE} ${account} (tenant ${identity.tenantId}, object id ${identity.objectId}) ` +
    'is not added to Datahaven Documents: ask your administrator to add it.'
  );
}

/** Ours: the Entra identity is bound to a user who is disabled. */
export const DISABLED_ENTRA_USER_MESSAGE = `${NO_LICENSE_MESSAGE} Your user account is disabled: ask your administrator to enable it.`;
