/**
 * Graph: Microsoft Graph reached over HTTP — the client with its retry policy, app tokens, request
 * errors in words; Entra tokens through MSAL for Graph and the ERP sources.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { ClientCredentialsTokenProvider } from './AppTokenProvider';
export { EntraTokenClients } from './EntraTokenClients';
export type { EntraTokenClientsSettings } from './EntraTokenClients';
export { EntraTokenFailure } from './EntraTokenFailure';
export { GraphClient } from './GraphClient';
export type { GraphClientOptions } from './GraphClient';
export { GraphRequestError } from './GraphRequestError';
export { fetchFailureText } from './fetchFailureText';
export { parseJsonObject } from './parseJsonObject';
