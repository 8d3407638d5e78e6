import type { Note } from '@datahaven/core/model';
import { createWorld } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('notes', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const notesUrl = () => `/api/documents/${world.pdfDocId}/notes`;

  it('POST adds a user note (201 Note); GET lists notes oldest first', async () => {
    const headers = server().authHeaders(world.clerk.username);
    const created = await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: 'Checked against PO 4711.' } });
    expect(created.statusCode).toBe(201);
    const note = created.json<Note>();
    expect(note).toEqual({
      id: expect.any(Number),
      docId: world.pdfDocId,
      kind: 'user',
      text: 'Checked against PO 4711.',
      author: world.clerk.username,
      authorName: `${world.clerk.username} Test`,
      createdAt: expect.any(String),
    });
    await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: 'Second.' } });
    const list = await server().inject({ url: notesUrl(), headers });
    expect(list.json<Note[]>().every((n) => n.authorName === `${world.clerk.username} Test`)).toBe(true);
    expect(list.json<Note[]>().map((n) => [n.kind, n.text])).toEqual([
      ['system', `Uploaded by ${world.clerk.username}`],
      ['user', 'Checked against PO 4711.'],
      ['user', 'Second.'],
    ]);
  });

  it("refuses an empty note ('A note is required to submit.') and a 4001-character note ('Notes are limited to 4000 characters.')", async () => {
    const headers = server().authHeaders(world.clerk.username);
    const empty = await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: 'A note is required to submit.' });
    const tooLong = await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: 'x'.repeat(4001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: 'Notes are limited to 4000 characters.' });
    const limit = await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: 'é'.repeat(4000) } });
    expect(limit.statusCode).toBe(201);
    expect(limit.json<Note>().text).toHaveLength(4000);
  });

  it('reading needs Notes: View Only / View Admin and adding needs Notes: Add Only / View Admin (403)', async () => {
    const headers = server().authHeaders(world.noNotes.username);
    expect((await server().inject({ url: notesUrl(), headers })).statusCode).toBe(403);
    expect((await server().inject({ method: 'POST', url: notesUrl(), headers, payload: { text: 'x' } })).statusCode).toBe(403);
  });

  it('SECURITY row 11: a note on a document the caller cannot view → 404, nothing written', async () => {
    const before = await server().deps.db.selectFrom('notes').select('id').where('document_id', '=', world.pdfDocId).execute();
    const response = await server().inject({
      method: 'POST',
      url: notesUrl(),
      headers: server().authHeaders(world.outsider.username),
      payload: { text: 'sneaky' },
    });
    expect(response.statusCode).toBe(404);
    const after = await server().deps.db.selectFrom('notes').select('id').where('document_id', '=', world.pdfDocId).execute();
    expect(after.length).toBe(before.length);
  });
});
