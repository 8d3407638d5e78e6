import type { TextsOf } from '@datahaven/core/rules';

/** Why no Graph token came on the user's behalf (auth/entra/onBehalfOfGraphTokens), in English; Entra's own words go in as `detail`. */
export const ON_BEHALF_OF_MESSAGES = {
  unreachable: (url: string, detail: string): string =>
    `Microsoft Entra ID could not be reached for a Graph token on your behalf (${url}): ${detail}`,
  refused: (code: string, detail: string): string => `Microsoft Entra ID refused a Graph token on your behalf: ${code}: ${detail}`,
  noAccessToken: 'Microsoft Entra ID answered without an access token.',
  failed: (detail: string): string => `No Graph token on your behalf: ${detail}`,
  notConfigured:
    'This server has no Microsoft Entra ID client secret (DATAHAVEN_ENTRA_CLIENT_SECRET), so it cannot get a Graph token on your behalf.',
} as const;

/** ON_BEHALF_OF_MESSAGES in German, Sie-form. */
export const ON_BEHALF_OF_MESSAGES_DE: TextsOf<typeof ON_BEHALF_OF_MESSAGES> = {
  unreachable: (url, detail) => `Microsoft Entra ID war für ein Graph-Token in Ihrem Namen nicht erreichbar (${url}): ${detail}`,
  refused: (code, detail) => `Microsoft Entra ID hat ein Graph-Token in Ihrem Namen abgelehnt: ${code}: ${detail}`,
  noAccessToken: 'Microsoft Entra ID hat ohne Zugriffstoken geantwortet.',
  failed: (detail) => `Kein Graph-Token in Ihrem Namen: ${detail}`,
  notConfigured:
    'Dieser Server hat keinen geheimen Clientschlüssel für Microsoft Entra ID (DATAHAVEN_ENTRA_CLIENT_SECRET) und kann daher kein Graph-Token in Ihrem Namen abrufen.',
};

/** ON_BEHALF_OF_MESSAGES in `language`; English for any the product does not speak. */
export function onBehalfOfMessagesFor(language: string): TextsOf<typeof ON_BEHALF_OF_MESSAGES> {
  return language.toLowerCase().startsWith('de') ? ON_BEHALF_OF_MESSAGES_DE : ON_BEHALF_OF_MESSAGES;
}
