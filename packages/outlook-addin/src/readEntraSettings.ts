/** The part of `GET /api/integration/teams/settings` sign-in needs (the same Entra app as the Teams tab). */
export interface EntraSettings {
  clientId: string;
  /** The authority without a trailing slash (Microsoft's public cloud unless the server names another). */
  authority: string;
  tenantIds: string[];
  scopes: string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/**
 * The Entra settings the server publishes for signing in through MSAL, or null when they cannot be
 * read or name no client or scope (Entra sign-in is off on the server).
 */
export async function readEntraSettings(apiBase: string, fetchFn: typeof fetch): Promise<EntraSettings | null> {
  try {
    const response = await fetchFn(`${apiBase.replace(/\/+$/, '')}/integration/teams/settings`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    const clientId = typeof body.clientId === 'string' ? body.clientId : '';
    const scopes = strings(body.scopes);
    if (clientId === '' || scopes.length === 0) return null;
    const authority =
      typeof body.authority === 'string' && body.authority !== ''
        ? body.authority.replace(/\/+$/, '')
        : 'https://login.microsoftonline.com';
    return { clientId, authority, tenantIds: strings(body.tenantIds), scopes };
  } catch {
    return null;
  }
}
