/**
 * Auth: who the caller is — the product token (password, API key, Entra ID), API keys, Entra ID
 * validation and on-behalf-of Graph tokens, the bearer check of every /api request, the Teams SSO
 * settings.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { generateApiKey, hashApiKey } from './apiKeyHash';
export { EntraTokenError } from './entra/EntraTokenError';
export { ENTRA_USER_SCOPE, EntraTokenValidator } from './entra/EntraTokenValidator';
export { findEntraUser } from './entra/findEntraUser';
export { onBehalfOfGraphTokens } from './entra/onBehalfOfGraphTokens';
export type { OnBehalfOfTokenSource } from './entra/onBehalfOfGraphTokens';
export { authenticateBearer, registerAuth } from './http/authPlugin';
export { registerAuthApi } from './http/registerAuthApi';
export { teamsSettingsOf } from './http/teamsSettingsRoutes';
export { loadOrCreateTokenSecret } from './tokenSecret';
