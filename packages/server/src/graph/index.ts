/**
 * Graph: Microsoft Graph reached over HTTP through @microsoft/microsoft-graph-client — the app-only
 * client with its retry policy, app tokens, the middleware and authentication providers the mail
 * drafts use too, request errors in words; Entra tokens through MSAL for Graph and the ERP sources.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { AppGraphClientCache } from './AppGraphClientCache';
export type { AppGraphClientTuning, AppGraphSettings } from './AppGraphClientCache';
export { ClientCredentialsTokenProvider } from './AppTokenProvider';
export { DelegatedTokenAuthenticationProvider } from './DelegatedTokenAuthenticationProvider';
export { GraphCallState } from './GraphCallState';
export type { GraphRefusal, GraphRetryCause } from './GraphCallState';
export { EntraTokenClients } from './EntraTokenClients';
export type { EntraTokenClientsSettings } from './EntraTokenClients';
export { EntraTokenFailure } from './EntraTokenFailure';
export { GraphClient } from './GraphClient';
export type { GraphClientOptions } from './GraphClient';
export { GraphRequestError } from './GraphRequestError';
export { createGraphSdkClient } from './createGraphSdkClient';
export type { GraphSdkClientOptions } from './createGraphSdkClient';
export { fetchFailureText } from './fetchFailureText';
export { parseJsonObject } from './parseJsonObject';
