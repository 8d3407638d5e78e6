import { BUILD, decodeToken } from '@datahaven/core';

/** The product's refusal of an Entra token (401 wrong token, 403 unknown user): the server's words and status. */
export class TokenExchangeError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'TokenExchangeError';
    this.status = status;
  }
}

/** Shown when the server answers without words of its own. */
export const TOKEN_EXCHANGE_FAILED_MESSAGE = 'Datahaven Documents could not sign you in with your Microsoft account.';

/** The words of an error answer: JSON `{ message }`, plain text, or our default. */
function refusalText(body: string): string {
  const text = body.trim();
  if (text === '') return TOKEN_EXCHANGE_FAILED_MESSAGE;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string')
      return (parsed as { message: string }).message;
    if (typeof parsed === 'string') return parsed;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text;
}

/**
 * Trades an Entra access token for the product's token (contract: `GET /api/token/user?type=jwt`
 * with the Entra token as bearer → text/plain). Throws TokenExchangeError with the server's words.
 */
export async function exchangeEntraToken(fetchFn: typeof fetch, entraToken: string, apiBase: string = BUILD.apiBasePath): Promise<string> {
  const response = await fetchFn(`${apiBase.replace(/\/+$/, '')}/token/user?type=jwt`, {
    headers: { Authorization: `Bearer ${entraToken}`, Accept: 'text/plain' },
  });
  const body = await response.text();
  if (!response.ok) throw new TokenExchangeError(response.status, refusalText(body));
  const token = body.trim();
  if (decodeToken(token) === null) throw new TokenExchangeError(502, TOKEN_EXCHANGE_FAILED_MESSAGE);
  return token;
}
