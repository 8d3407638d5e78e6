import { MESSAGES_DE, type TextsOf } from '@datahaven/core/rules';
import type { EntraIdentity } from './EntraTokenValidator';
import { DISABLED_ENTRA_USER_MESSAGE, NO_LICENSE_MESSAGE, unknownEntraIdentity } from './entraSignInMessages';

/** The sign-in refusals of entraSignInMessages.ts as one English catalogue. */
const ENTRA_SIGN_IN_MESSAGES = {
  noLicense: NO_LICENSE_MESSAGE,
  unknownEntraIdentity,
  disabledUser: DISABLED_ENTRA_USER_MESSAGE,
} as const;

/** The shape a translation of the sign-in refusals must have. */
export type EntraSignInMessages = TextsOf<typeof ENTRA_SIGN_IN_MESSAGES>;

/** The spec's sentence in German, with the full stop the English sign-in refusals end it with. */
const NO_LICENSE_DE = `${MESSAGES_DE.noLicense}.`;

/** The sign-in refusals in German, Sie-form; each starts with the spec's sentence as the English ones do. */
const ENTRA_SIGN_IN_MESSAGES_DE: EntraSignInMessages = {
  noLicense: NO_LICENSE_DE,
  unknownEntraIdentity: (identity: EntraIdentity) => {
    const account = identity.signInName === null ? 'Ihr Microsoft-Konto' : `Ihr Microsoft-Konto ${identity.signInName}`;
    return (
      `${NO_LICENSE_DE} ${account} (Mandant ${identity.tenantId}, Objekt-ID ${identity.objectId}) ` +
      'ist nicht in Datahaven Documents hinzugefügt: Bitten Sie Ihren Administrator, es hinzuzufügen.'
    );
  },
  disabledUser: `${NO_LICENSE_DE} Ihr Benutzerkonto ist deaktiviert: Bitten Sie Ihren Administrator, es zu aktivieren.`,
};

/** The Entra sign-in refusals in `language` (German or English). */
export function entraSignInMessagesFor(language: string): EntraSignInMessages {
  return language.toLowerCase().startsWith('de') ? ENTRA_SIGN_IN_MESSAGES_DE : ENTRA_SIGN_IN_MESSAGES;
}
