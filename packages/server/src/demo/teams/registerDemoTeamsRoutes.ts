import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEMO_USERS } from '../demoWorld';
import { demoPageLanguage } from '../demoPageLanguage';
import { localizedDemoPage } from '../localizedDemoPage';

/** The simulator's own files (plain HTML, CSS and script), kept beside this module's sources. */
const PAGE_DIR = resolve(__dirname, '..', '..', '..', 'src', 'demo', 'teams');

const ASSETS: Record<string, string> = {
  'teams.css': 'text/css; charset=utf-8',
  'teams.js': 'text/javascript; charset=utf-8',
};

/** The page's script runs from files only; it frames the tab's pages, served by this same server. */
const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; connect-src 'self'";

/** A demo user as the simulator shows and signs them in (Teams knows people by their e-mail). */
export interface DemoTeamsUser {
  username: string;
  displayName: string;
  email: string;
  /** The Entra object id the demo's notifications address them by, when known. */
  oid: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The Microsoft Teams simulator (demo mode, registered inside the demo's loopback-only scope):
 * `/demo/teams` plays a Teams channel around the Datahaven Documents tab — it hosts the
 * configuration page and the tab in iframes and answers TeamsJS's postMessage protocol
 * (teams.js says which messages and how), signs the user in through the demo Entra ID and lists
 * the activity notifications the demo Graph stand-in recorded. `objectIdOf` gives a demo user's
 * Entra object id (the recipient id of their notifications).
 */
export async function registerDemoTeamsRoutes(app: FastifyInstance, objectIdOf: (username: string) => string = () => ''): Promise<void> {
  app.get('/demo/teams', async (request, reply) => {
    const language = demoPageLanguage(request);
    const template = await readFile(join(PAGE_DIR, 'teams.html'), 'utf8');
    const users: DemoTeamsUser[] = DEMO_USERS.map((user) => ({
      username: user.username,
      displayName: `${user.firstName} ${user.lastName}`,
      email: user.email,
      oid: objectIdOf(user.username),
    }));
    const options = users
      .map((user) => `<option value="${escapeHtml(user.username)}">${escapeHtml(`${user.displayName} (${user.username})`)}</option>`)
      .join('');
    const html = template.replace('{{userOptions}}', options).replace('{{users}}', escapeHtml(JSON.stringify(users)));
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Content-Language', language)
      .type('text/html; charset=utf-8')
      .send(localizedDemoPage(html, language));
  });

  app.get<{ Params: { asset: string } }>('/demo/teams/:asset', async (request, reply) => {
    const type = Object.prototype.hasOwnProperty.call(ASSETS, request.params.asset) ? ASSETS[request.params.asset] : undefined;
    if (type === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    return reply
      .header('Cache-Control', 'no-cache')
      .type(type)
      .send(await readFile(join(PAGE_DIR, request.params.asset)));
  });
}
