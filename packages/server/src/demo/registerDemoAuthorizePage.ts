import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { teamsSettingsOf } from '../auth';
import type { AppDeps } from '../services/AppDeps';
import { DEMO_USERS } from './demoWorld';
import { demoClientInfo, type DemoAuthorizationCodeGrant } from './demoAuthorizationCodeGrant';
import { demoEntraUser } from './demoEntraUser';
import { demoPageLanguage } from './demoPageLanguage';
import { localizedDemoPage } from './localizedDemoPage';

/** The page's only style; its hash is the whole of the page's style-src. */
const PAGE_STYLE =
  'body{font:15px/1.4 system-ui,sans-serif;margin:0;padding:24px;background:#f5f5f5;color:#1b1b1b}main{max-width:360px;margin:0 auto;background:#fff;padding:24px;border:1px solid #ddd}h1{font-size:20px;margin:0 0 4px}p{margin:0 0 16px;color:#555}label{display:block;margin-bottom:4px}select{width:100%;padding:6px;margin-bottom:16px}button{padding:6px 16px;margin-right:8px}';

/** No script at all; the form posts back here, and the answer redirects to the client's own page. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'`;

/** The authorization request's parameters the stand-in reads (the rest, MSAL's telemetry among them, is ignored). */
const PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'login_hint',
  'prompt',
] as const;

type Parameters = Record<(typeof PARAMETERS)[number], string>;

function parametersOf(source: unknown): Parameters {
  const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  return Object.fromEntries(
    PARAMETERS.map((name) => [name, typeof record[name] === 'string' ? (record[name] as string) : '']),
  ) as Parameters;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page in the browser's language (its Accept-Language, or the request's `ui_locales`): the stand-in's own words in German or English. */
function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const language = demoPageLanguage(reply.request);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', PAGE_CSP)
    .header('Content-Language', language)
    .type('text/html; charset=utf-8')
    .send(localizedDemoPage(html, language));
}

/** Back to the client's redirect URI with the answer, in the fragment or the query as asked (the code flow's default is the query). */
function redirectBack(reply: FastifyReply, parameters: Parameters, answer: Record<string, string>): FastifyReply {
  const values = new URLSearchParams({ ...answer, ...(parameters.state === '' ? {} : { state: parameters.state }) }).toString();
  const url = new URL(parameters.redirect_uri);
  if (parameters.response_mode === 'fragment') url.hash = values;
  else url.search = url.search === '' ? values : `${url.search}&${values}`;
  return reply.status(302).header('Cache-Control', 'no-store').header('Location', url.toString()).send();
}

/** A refused request the client can be told about: back to its redirect URI with `error`. */
type Refusal = { error: string; description: string };

/**
 * The demo Entra ID's sign-in page, `GET|POST /demo/entra/{tid}/oauth2/v2.0/authorize` inside
 * the stand-in's loopback-only scope: the authorization request of the code flow with PKCE
 * (S256) for our own client and a redirect URI on this server, answered with a page where the
 * demo user picks who signs in (no password, like the simulators' user switchers); the choice
 * posts back and redirects to the client with `code` and `state`, or `error=access_denied`.
 * Requests this stand-in cannot send back safely (unknown tenant, client or redirect URI) get a
 * page in words and are never redirected.
 */
export function registerDemoAuthorizePage(entra: FastifyInstance, deps: AppDeps, grant: DemoAuthorizationCodeGrant): void {
  /** Why the request cannot go back to the client at all, or null. */
  const unsendable = (tid: string, parameters: Parameters): string | null => {
    if (!deps.config.entra.tenantIds.includes(tid)) return 'The demo Entra ID knows only the configured demo tenants.';
    if (parameters.client_id !== deps.config.entra.clientId)
      return `AADSTS700016: The application '${parameters.client_id}' is not known to the demo Entra ID.`;
    let redirect: URL;
    try {
      redirect = new URL(parameters.redirect_uri);
    } catch {
      return 'AADSTS90102: The redirect URI is missing or not a URL.';
    }
    // Entra checks the app registration's redirect URIs; the demo's registration is this server's own pages.
    if (redirect.origin !== new URL(deps.config.entra.authority).origin || redirect.hash !== '')
      return "AADSTS50011: The redirect URI is not one of the demo application's (this server's own pages).";
    if (!['', 'query', 'fragment'].includes(parameters.response_mode))
      return 'AADSTS900144: The demo Entra ID answers in the query or the fragment only.';
    return null;
  };

  /** Why the client is refused (sent back to it), or null. */
  const refusal = (parameters: Parameters): Refusal | null => {
    if (parameters.response_type !== 'code')
      return {
        error: 'unsupported_response_type',
        description: 'AADSTS700054: The demo Entra ID issues authorization codes only (response_type=code).',
      };
    if (parameters.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(parameters.code_challenge)) {
      return { error: 'invalid_request', description: 'AADSTS9002325: Proof Key for Code Exchange (S256) is required.' };
    }
    const apiScopes = teamsSettingsOf(deps).scopes;
    if (!parameters.scope.split(' ').some((scope) => apiScopes.includes(scope)))
      return { error: 'invalid_scope', description: `AADSTS65005: Ask for ${apiScopes.join(' ') || 'the API scope'}.` };
    return null;
  };

  const check = (tid: string, parameters: Parameters, reply: FastifyReply): FastifyReply | null => {
    const problem = unsendable(tid, parameters);
    if (problem !== null) return page(reply, 400, 'Sign-in request refused', `<p>${escapeHtml(problem)}</p>`);
    const refused = refusal(parameters);
    return refused === null ? null : redirectBack(reply, parameters, { error: refused.error, error_description: refused.description });
  };

  entra.get<{ Params: { tid: string } }>('/demo/entra/:tid/oauth2/v2.0/authorize', async (request, reply) => {
    const tid = request.params.tid.toLowerCase();
    const parameters = parametersOf(request.query);
    const answered = check(tid, parameters, reply);
    if (answered !== null) return answered;
    // The login hint (Outlook's mailbox address, or a user name) picks the first choice.
    const hint = parameters.login_hint.toLowerCase();
    const options = DEMO_USERS.map((user) => {
      const selected = hint !== '' && (user.email.toLowerCase() === hint || user.username === hint) ? ' selected' : '';
      return `<option value="${escapeHtml(user.username)}"${selected}>${escapeHtml(`${user.firstName} ${user.lastName} (${user.email})`)}</option>`;
    }).join('');
    const hidden = PARAMETERS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(parameters[name])}">`).join('');
    return page(
      reply,
      200,
      'Sign in (demo Microsoft Entra ID)',
      `<p>Datahaven Documents asks to sign you in. This demo stand-in asks no password: pick who signs in.</p><form method="post">${hidden}<label for="username">Account</label><select id="username" name="username">${options}</select><button type="submit" name="action" value="sign-in">Sign in</button><button type="submit" name="action" value="cancel">Cancel</button></form>`,
    );
  });

  entra.post<{ Params: { tid: string } }>('/demo/entra/:tid/oauth2/v2.0/authorize', async (request, reply) => {
    const tid = request.params.tid.toLowerCase();
    const parameters = parametersOf(request.body);
    const answered = check(tid, parameters, reply);
    if (answered !== null) return answered;
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    if (form.action === 'cancel')
      return redirectBack(reply, parameters, { error: 'access_denied', error_description: 'AADSTS65004: The user declined to sign in.' });
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    if (username === '' || username.length > 200)
      return page(reply, 400, 'Sign-in request refused', '<p>Pick the account to sign in with.</p>');
    const code = grant.issue({
      tid,
      clientId: parameters.client_id,
      redirectUri: parameters.redirect_uri,
      scopes: parameters.scope.split(' ').filter((scope) => scope !== ''),
      codeChallenge: parameters.code_challenge,
      nonce: parameters.nonce === '' ? null : parameters.nonce,
      username,
    });
    const { oid } = await demoEntraUser(deps, tid, username);
    return redirectBack(reply, parameters, { code, client_info: demoClientInfo(oid, tid) });
  });
}
