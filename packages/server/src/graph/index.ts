/**
 * Graph: Microsoft Graph reached over HTTP — the client with its retry policy, app tokens, request
 * errors in words.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { ClientCredentialsTokenProvider } from './AppTokenProvider';
export { GraphClient } from './GraphClient';
export type { GraphClientOptions } from './GraphClient';
export { GraphRequestError } from './GraphRequestError';
export { fetchFailureText } from './fetchFailureText';
export { parseJsonObject } from './parseJsonObject';
