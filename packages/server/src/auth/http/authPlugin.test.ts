import { createWorld } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('the bearer requirement', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  const noteCount = async (): Promise<number> =>
    Number(
      (
        await server()
          .deps.db.selectFrom('notes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('document_id', '=', world.pdfDocId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('SECURITY row 16: a cross-site POST riding a cookie, without the bearer header, is refused (401) and changes nothing', async () => {
    const before = await noteCount();
    const token = server().tokenFor(world.clerk.username);
    for (const cookie of [`token=${token}`, `Authorization=Bearer ${token}`, `datahaven=${token}`]) {
      const forged = await server().inject({
        method: 'POST',
        url: `/api/documents/${world.pdfDocId}/notes`,
        headers: { cookie, origin: 'https://evil.example', referer: 'https://evil.example/page', 'content-type': 'text/plain' },
        payload: JSON.stringify({ text: 'Pay vendor X now.' }),
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ statusCode: 401, exceptionType: 'Unauthorized' });
    }
    // A form post (what a cross-site page can send without CORS) is refused the same way.
    const form = await server().inject({
      method: 'POST',
      url: `/api/documents/${world.pdfDocId}/notes`,
      headers: { cookie: `token=${token}`, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=Pay+vendor+X+now.',
    });
    expect(form.statusCode).toBe(401);
    expect(await noteCount()).toBe(before);
    // The control case: the same request with the bearer header is accepted.
    const real = await server().inject({
      method: 'POST',
      url: `/api/documents/${world.pdfDocId}/notes`,
      headers: server().authHeaders(world.clerk.username),
      payload: { text: 'Checked.' },
    });
    expect(real.statusCode).toBe(201);
  });

  it('SECURITY row 16: no answer tells a browser to send cookies or lets another origin read it (no CORS grant, no Set-Cookie)', async () => {
    const answer = await server().inject({
      url: '/api/options',
      headers: { ...server().authHeaders(world.clerk.username), origin: 'https://evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
