import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { listenForTest } from '../../test/listenForTest';
import { registerDemoTeamsRoutes, type DemoTeamsUser } from './registerDemoTeamsRoutes';

describe('the Teams simulator routes', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  /** A GET on the listening server: status, headers and body text. */
  const get = async (
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ statusCode: number; headers: Headers; body: string }> => {
    const answer = await fetch(baseUrl + path, { headers });
    return { statusCode: answer.status, headers: answer.headers, body: await answer.text() };
  };

  beforeAll(async () => {
    app = Fastify();
    await registerDemoTeamsRoutes(app, (username) => (username === 'approver' ? '00000000-0000-4000-8000-000000000002' : ''));
    baseUrl = await listenForTest(app);
  });

  afterAll(() => app.close());

  it('speaks German when the host locale is de-DE (the address or Accept-Language), English otherwise', async () => {
    for (const german of [
      await get('/demo/teams?language=de-DE'),
      await get('/demo/teams?locale=de-DE'),
      await get('/demo/teams', { 'accept-language': 'de-DE,de;q=0.9' }),
    ]) {
      expect(german.headers.get('content-language')).toBe('de');
      expect(german.body).toContain('<html lang="de">');
      expect(german.body).toContain('<button type="button" id="add-tab">Registerkarte hinzufügen</button>');
      expect(german.body).toContain('aria-label="Teams-Design"');
      expect(german.body).toContain('<h2 id="activity-title">Aktivität</h2>');
      expect(german.body).not.toContain('Add a tab');
      // The filled-in names stay as they are.
      expect(german.body).toContain('<option value="approver">Pat Approver (approver)</option>');
    }
    for (const english of [await get('/demo/teams', { 'accept-language': 'en-US' }), await get('/demo/teams?language=fr-FR')]) {
      expect(english.headers.get('content-language')).toBe('en');
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('<button type="button" id="add-tab">Add a tab</button>');
    }
  });

  it('serves the page with the demo users (name, e-mail, object id) and a CSP that allows only its own origin', async () => {
    const page = await get('/demo/teams');
    expect(page.statusCode).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; connect-src 'self'",
    );
    expect(page.body).toContain('<option value="approver">Pat Approver (approver)</option>');
    expect(page.body).not.toContain('{{');
    const attribute = /data-users="([^"]*)"/.exec(page.body)?.[1] ?? '';
    const users = JSON.parse(
      attribute
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ) as DemoTeamsUser[];
    expect(users.find((user) => user.username === 'approver')).toEqual({
      username: 'approver',
      displayName: 'Pat Approver',
      email: 'pat.approver@cronus.example',
      oid: '00000000-0000-4000-8000-000000000002',
    });
  });

  it('serves its script and style sheet and nothing else from its folder', async () => {
    const script = await get('/demo/teams/teams.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(await readFile(join(__dirname, 'teams.js'), 'utf8'));
    expect((await get('/demo/teams/teams.css')).statusCode).toBe(200);
    for (const url of ['/demo/teams/teams.html', '/demo/teams/registerDemoTeamsRoutes.ts', '/demo/teams/..%2F..%2F..%2Fpackage.json']) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });
});
