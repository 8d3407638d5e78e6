/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { notesApi } from './notesApi';
import { versionApi } from './versionApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('notesApi', () => {
  it('reads and adds notes on the document path', async () => {
    const note = { id: 1, docId: 4, kind: 'user', text: 'hi', author: 'clerk', createdAt: '2030-01-01T00:00:00Z' };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [note]),
      () => jsonResponse(201, note),
    );
    const api = notesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getNotes(4)).resolves.toEqual([note]);
    await expect(api.addNote(4, 'hi')).resolves.toEqual(note);
    expect(calls.map((c) => `${c.init.method} ${c.url} ${String(c.init.body ?? '')}`)).toEqual([
      'GET /api/documents/4/notes ',
      'POST /api/documents/4/notes {"text":"hi"}',
    ]);
  });

  it('surfaces the server refusal of an over-long note', async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(400, { statusCode: 400, exceptionType: 'ValidationError', message: 'Notes are limited to 4000 characters.' }),
    );
    await expect(notesApi(new ApiClient({ tokens: new CountingTokens(), fetch })).addNote(4, 'x'.repeat(4001))).rejects.toThrow(
      'Notes are limited to 4000 characters.',
    );
  });
});

describe('versionApi', () => {
  it('reads GET /version', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { version: '0.1.0', build: 'bc-20250530.2', schemaVersion: 1 }));
    await expect(versionApi(new ApiClient({ tokens: new CountingTokens(), fetch })).getVersion()).resolves.toEqual({
      version: '0.1.0',
      build: 'bc-20250530.2',
      schemaVersion: 1,
    });
    expect(calls[0].url).toBe('/api/version');
  });
});
