import { DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';

/**
 * A Microsoft Entra access token for `username` from a demo server's Entra stand-in
 * (`POST /demo/entra/{tid}/sign`): what the Teams simulator hands the tab from getAuthToken.
 * `baseUrl` is the demo server's `http://127.0.0.1:<port>`.
 */
export async function demoEntraAccessToken(
  baseUrl: string,
  username: string,
  options: { tenantId?: string; expiresInSeconds?: number } = {},
): Promise<string> {
  const tid = options.tenantId ?? DEMO_ENTRA_TENANT_ID;
  const response = await fetch(`${baseUrl}/demo/entra/${tid}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, ...(options.expiresInSeconds === undefined ? {} : { expiresInSeconds: options.expiresInSeconds }) }),
  });
  if (response.status !== 200)
    throw new Error(`The demo Entra ID refused to sign for ${username}: ${response.status} ${await response.text()}`);
  return response.text();
}

/**
 * The product token (two-part, for /api) of a demo user, signed in as the Teams tab does: an
 * Entra access token from the demo stand-in exchanged at `GET /api/token/user?type=jwt`.
 */
export async function demoProductToken(baseUrl: string, username: string): Promise<string> {
  const entraToken = await demoEntraAccessToken(baseUrl, username);
  const response = await fetch(`${baseUrl}/api/token/user?type=jwt`, { headers: { authorization: `Bearer ${entraToken}` } });
  if (response.status !== 200) throw new Error(`Signing ${username} in with Entra ID failed: ${response.status} ${await response.text()}`);
  return response.text();
}
