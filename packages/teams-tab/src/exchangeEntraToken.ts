import { BUILD, decodeToken } from '@datahaven/core';
import { TEAMS_TEXT } from './teamsText';

/** The product's refusal of an Entra token (401 wrong token, 403 unknown user): the server's words and status. */
export class TokenExchangeError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'TokenExchangeError';
    this.status = status;
  }
}

/** The words of an error answer: JSON `{ message }`, plain text, or our default. */
function refusalText(body: string): string {
  const text = body.trim();
  if (text === '') return TEAMS_TEXT.notices.tokenExchangeFailed;
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
  if (decodeToken(token) === null) throw new TokenExchangeError(502, TEAMS_TEXT.notices.tokenExchangeFailed);
  return token;
}
