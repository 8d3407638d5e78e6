import type { DmsDocument } from '@datahaven/core/model';
import { createWorld, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import { IDEMPOTENCY_KEY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED } from './idempotencyPlugin';

function uploadUrl(world: World): string {
  return `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`;
}

/** A fresh FormData each time: a retry serialises it with a new multipart boundary, as a browser does. */
function form(name: string, content: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

async function count(server: TestServer, table: 'documents' | 'notes'): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeOnEachDatabase('Idempotency-Key', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const as = (user: { username: string }, key?: string): Record<string, string> => ({
    ...server().authHeaders(user.username),
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  });
  const upload = (key: string, name: string, content: Buffer, user = world.clerk) =>
    server().inject({ method: 'POST', url: uploadUrl(world), headers: as(user, key), payload: form(name, content) });
  const note = (key: string, text: string) =>
    server().inject({ method: 'POST', url: `/api/documents/${world.pdfDocId}/notes`, headers: as(world.clerk, key), payload: { text } });

  it('SECURITY row 25: the same upload sent twice with one Idempotency-Key makes one document; the retry gets the first answer', async () => {
    const key = `"${unique('upload')}"`;
    const content = await makePdf(1, 'Idempotent');
    const before = await count(server(), 'documents');
    const first = await upload(key, 'Once.pdf', content);
    expect(first.statusCode).toBe(201);
    const again = await upload(key, 'Once.pdf', content);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<DmsDocument[]>()).toEqual(first.json<DmsDocument[]>());
    expect(await count(server(), 'documents')).toBe(before + 1);
  });

  it('SECURITY row 25: a different body with the same key gets 422, and nothing is made', async () => {
    const key = unique('upload');
    expect((await upload(key, 'First.pdf', await makePdf(1, 'First'))).statusCode).toBe(201);
    const before = await count(server(), 'documents');
    for (const [name, content] of [
      ['First.pdf', await makePdf(1, 'Other content')],
      ['Renamed.pdf', await makePdf(1, 'First')],
    ] as const) {
      const other = await upload(key, name, content);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ statusCode: 422, exceptionType: 'ValidationError', message: IDEMPOTENCY_KEY_REUSED });
    }
    expect(await count(server(), 'documents')).toBe(before);
  });

  it('JSON POSTs: one note for a repeated request, 422 for another body under the same key', async () => {
    const key = unique('note');
    const before = await count(server(), 'notes');
    const first = await note(key, 'Checked against the PO.');
    expect(first.statusCode).toBe(201);
    const again = await note(key, 'Checked against the PO.');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await count(server(), 'notes')).toBe(before + 1);
    const other = await note(key, 'Something else.');
    expect(other.statusCode).toBe(422);
    expect(await count(server(), 'notes')).toBe(before + 1);
  });

  it('keys are per user, a failed first request keeps nothing, and a key is forgotten after 24 h', async () => {
    const key = unique('shared');
    expect((await note(key, 'Note by the clerk.')).statusCode).toBe(201);
    const byManager = await server().inject({
      method: 'POST',
      url: `/api/documents/${world.pdfDocId}/notes`,
      headers: as(world.manager, key),
      payload: { text: 'Note by the manager.' },
    });
    expect(byManager.headers['idempotent-replayed']).toBeUndefined();

    const failing = unique('failing');
    const refused = await server().inject({
      method: 'POST',
      url: `/api/documents/${world.pdfDocId}/notes`,
      headers: as(world.clerk, failing),
      payload: { text: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await note(failing, 'Now with text.')).statusCode).toBe(201);

    server().setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      const later = await note(key, 'A new note a day later.');
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      server().setNow(null);
    }
  });

  /** An in-progress row for `key`, as a process answering its first request leaves it, with its lease until `claimedUntil`. */
  const holdKey = async (key: string, claimedUntil: Date | null, createdAt = new Date()): Promise<void> => {
    await server()
      .deps.db.insertInto('idempotency_keys')
      .values({
        user_id: world.clerk.id,
        idempotency_key: key,
        request_hash: '',
        status_code: null,
        content_type: null,
        response_body: null,
        created_at: createdAt.toISOString(),
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        claimed_until: claimedUntil === null ? null : claimedUntil.toISOString(),
      })
      .execute();
  };

  it('answers 409 with Retry-After (the lease left) while the first request with the key is still running, and 400 for a malformed key', async () => {
    const key = unique('running');
    await holdKey(key, new Date(Date.now() + 15_000));
    const busy = await note(key, 'Meanwhile.');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ statusCode: 409, exceptionType: 'Conflict', message: IDEMPOTENCY_KEY_IN_PROGRESS });
    const retryAfter = Number(busy.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect((await note('x'.repeat(300), 'Too long a key.')).statusCode).toBe(400);
  });

  it('runs a retry whose first request died with its process once the lease has run out (scale-out: kill -9 behind the proxy)', async () => {
    const key = unique('orphaned');
    await holdKey(key, new Date(Date.now() - 1_000));
    const before = await count(server(), 'notes');
    const retry = await note(key, 'After the crash.');
    expect(retry.statusCode).toBe(201);
    expect(await count(server(), 'notes')).toBe(before + 1);
    // The answer is kept now: the same request again is a replay, not a second note.
    const again = await note(key, 'After the crash.');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(server(), 'notes')).toBe(before + 1);
  });

  it('still frees a key written before leases only after ten minutes', async () => {
    const fresh = unique('legacy-fresh');
    await holdKey(fresh, null);
    expect((await note(fresh, 'Too soon.')).statusCode).toBe(409);
    const old = unique('legacy-old');
    await holdKey(old, null, new Date(Date.now() - 11 * 60_000));
    expect((await note(old, 'Long after.')).statusCode).toBe(201);
  });
});
