import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../db/createDatabase';
import type { DatabaseHandle } from '../db/createDatabase';
import { reindexDocument } from '../search/reindexDocument';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { createDocument, createWorld, makePdf } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import { claimJob } from './claimJob';
import type { ClaimedJob } from './claimJob';
import { serverJobHandlers } from '../serverJobs';
import { DEFAULT_CLAIM_MS, JobRunner } from './JobRunner';
import { JobSignal } from './JobSignal';
import { waitFor } from '../test/waitFor';
import { readDatabaseClock } from './readDatabaseClock';

/** A second connection (pool) to the test server's database, as a second server instance would hold. */
async function secondConnection(server: TestServer): Promise<DatabaseHandle> {
  if (server.dialect === 'sqlite') return createDatabase({ kind: 'sqlite', file: join(server.config.dataDir, 'datahaven.sqlite') });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.deps.db);
  return createDatabase({ kind: 'postgres', url: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '', schema: rows[0].schema });
}

/** Polls `condition` (a database read) until it holds, up to waitFor's deadline: tests wait on state, never on a fixed time. */
async function waitUntil(what: string, condition: () => Promise<boolean>): Promise<void> {
  await waitFor(condition, { what, intervalMs: 5 });
}

async function addJobs(server: TestServer, kind: string, count: number): Promise<number[]> {
  const now = await readDatabaseClock(server.deps.db, server.deps.databaseNow());
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await server.deps.db
      .insertInto('jobs')
      .values({ kind, subject: `subject-${i}`, run_after: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describeOnEachDatabase('JobRunner', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  async function searchIds(q: string): Promise<number[]> {
    const response = await server().inject({
      url: `/api/documents/search?q=${encodeURIComponent(q)}`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ documents: { id: number }[] }>().documents.map((d) => d.id);
  }

  /** Uploads a PDF, then puts the database in the state a crash right after the upload's commit leaves. */
  async function uploadThenCrash(word: string): Promise<{ documentId: number; jobId: number }> {
    const { db } = server().deps;
    const documentId = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Scan.pdf',
      content: await makePdf(2, `${word} delivery terms`),
      uploader: world.clerk,
    });
    const { file_sha256: sha } = await db
      .selectFrom('documents')
      .select('file_sha256')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('file_texts').where('file_sha256', '=', sha).execute();
    await reindexDocument(db, documentId);
    const job = await db
      .updateTable('jobs')
      .set({ state: 'pending', attempts: 0, claimed_by: null, claimed_until: null })
      .where('kind', '=', TEXT_EXTRACTION_JOB)
      .where('subject', '=', sha)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { documentId, jobId: job.id };
  }

  it('picks up a text extraction a crash left pending: the page text then finds the document', async () => {
    const { documentId, jobId } = await uploadThenCrash('Wallabyquill');
    expect(await searchIds('wallabyquill')).toEqual([]);
    const runner = new JobRunner(server().deps, { handlers: serverJobHandlers(server().deps) });
    expect(await runner.runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(await searchIds('wallabyquill')).toEqual([documentId]);
    const job = await server().deps.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 1, claimed_by: null, claimed_until: null });
    expect(await runner.runDueJobs()).toBe(0);
  });

  it('takes over a job whose claimer died within a minute of its claim, not before', async () => {
    const { db } = server().deps;
    const { documentId, jobId } = await uploadThenCrash('Numbatglade');
    // A runner claims the job with the default lease, then its process dies: no heartbeat renews the claim.
    const now = await readDatabaseClock(db, server().deps.databaseNow());
    const dead = await claimJob(db, {
      kinds: [TEXT_EXTRACTION_JOB],
      subject: (await db.selectFrom('jobs').select('subject').where('id', '=', jobId).executeTakeFirstOrThrow()).subject,
      token: 'dead-instance',
      now,
      claimMs: DEFAULT_CLAIM_MS,
    });
    expect(dead?.id).toBe(jobId);
    expect(DEFAULT_CLAIM_MS).toBeLessThanOrEqual(60_000);
    // Only the text extraction: the upload's thumbnails:render job is due too and would be counted.
    const runner = new JobRunner(server().deps, {
      handlers: { [TEXT_EXTRACTION_JOB]: serverJobHandlers(server().deps)[TEXT_EXTRACTION_JOB] },
    });
    expect(await runner.runDueJobs()).toBe(0);
    expect(await searchIds('numbatglade')).toEqual([]);
    server().advanceDatabaseClock(DEFAULT_CLAIM_MS - 5000);
    expect(await runner.runDueJobs()).toBe(0);
    server().advanceDatabaseClock(5000 + 1000);
    expect(await runner.runDueJobs()).toBe(1);
    expect(await searchIds('numbatglade')).toEqual([documentId]);
    expect(await db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow()).toEqual({
      state: 'done',
      attempts: 2,
    });
  });

  it("renews a live runner's claim while its job runs, so another runner never takes it over", async () => {
    const kind = 'test:long';
    const [jobId] = await addJobs(server(), kind, 1);
    const { db } = server().deps;
    const claimedUntil = async (): Promise<string | null> =>
      (await db.selectFrom('jobs').select('claimed_until').where('id', '=', jobId).executeTakeFirstOrThrow()).claimed_until;
    let entered: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A short heartbeat (injected) so renewals come quickly; the lease is the default minute.
    const live = new JobRunner(server().deps, {
      handlers: {
        [kind]: async () => {
          entered();
          await released;
        },
      },
      heartbeatMs: 5,
      instanceId: 'live',
    });
    const other = new JobRunner(server().deps, { handlers: { [kind]: async () => undefined }, instanceId: 'other' });
    const running = live.runDueJobs();
    await started;
    const first = await claimedUntil();
    expect(first).not.toBeNull();
    // 50 s on: the claim is renewed from the moved clock (waits on the row, not on time).
    server().advanceDatabaseClock(50_000);
    await waitUntil('the claim renewed 50 s on', async () => Date.parse((await claimedUntil()) ?? '') >= Date.parse(first ?? '') + 50_000);
    // 100 s after the first claim, past its minute: still held, so the other runner finds nothing due.
    server().advanceDatabaseClock(50_000);
    await waitUntil(
      'the claim renewed 100 s on',
      async () => Date.parse((await claimedUntil()) ?? '') >= Date.parse(first ?? '') + 100_000,
    );
    expect(await other.runDueJobs()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(
      await db.selectFrom('jobs').select(['state', 'attempts', 'claimed_by']).where('id', '=', jobId).executeTakeFirstOrThrow(),
    ).toEqual({ state: 'done', attempts: 1, claimed_by: null });
  });

  it('a started runner claims work as soon as the signal says it was enqueued, without waiting for its poll', async () => {
    const kind = 'test:woken';
    const signal = new JobSignal();
    let ran = 0;
    // Polls once at start, then not for an hour: only the signal can make it look again.
    const runner = new JobRunner(server().deps, { handlers: { [kind]: async () => void (ran += 1) }, pollMs: 60 * 60_000, signal });
    const state = async (jobId: number): Promise<string> =>
      (await server().deps.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow()).state;
    const [early] = await addJobs(server(), kind, 1);
    runner.start();
    try {
      // The first poll (at start) runs the early job; after it the runner would sleep for an hour.
      await waitUntil('the early job run by the first poll', async () => (await state(early)) === 'done' && ran === 1);
      const [jobId] = await addJobs(server(), kind, 1);
      signal.notify();
      await waitUntil('the signalled job run', async () => (await state(jobId)) === 'done');
      expect(ran).toBe(2);
    } finally {
      await runner.stop();
    }
  });

  it('runs each kind in a lane of its own: a long job of one kind does not hold up another kind', async () => {
    await addJobs(server(), 'test:thumbs', 1);
    await addJobs(server(), 'test:text', 1);
    let textRan: () => void = () => undefined;
    const textDone = new Promise<void>((resolve) => (textRan = resolve));
    // The thumbnail job waits until the text job has run: one lane for both would never finish.
    const runner = new JobRunner(server().deps, {
      handlers: {
        'test:thumbs': async () => textDone,
        'test:text': async () => textRan(),
      },
    });
    expect(await runner.runDueJobs()).toBe(2);
  });

  it('lets two runners on their own connections race for the same jobs: each job runs exactly once', async () => {
    const kind = 'test:race';
    const ids = await addJobs(server(), kind, 40);
    const other = await secondConnection(server());
    try {
      const ranBy: Record<string, number[]> = { a: [], b: [] };
      const handler = (name: string) => async (job: ClaimedJob) => {
        ranBy[name].push(job.id);
        // Yield so the other runner gets its turn between claims.
        await new Promise((resolve) => setImmediate(resolve));
      };
      const a = new JobRunner(server().deps, { handlers: { [kind]: handler('a') }, instanceId: 'a' });
      const b = new JobRunner(
        { db: other.db, databaseNow: server().deps.databaseNow },
        { handlers: { [kind]: handler('b') }, instanceId: 'b' },
      );
      const [ranA, ranB] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
      expect(ranA + ranB).toBe(40);
      expect([...ranBy.a, ...ranBy.b].sort((x, y) => x - y)).toEqual(ids);
      const rows = await server().deps.db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', kind).execute();
      expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('retries a failing job after its backoff, then marks it failed with its error', async () => {
    const kind = 'test:fail';
    const [jobId] = await addJobs(server(), kind, 1);
    let runs = 0;
    const runner = new JobRunner(server().deps, {
      handlers: {
        [kind]: async () => {
          runs += 1;
          throw new Error(`converter refused the file (run ${runs})`);
        },
      },
      retry: { maxAttempts: 3, backoffMs: 60_000 },
    });
    const row = () =>
      server()
        .deps.db.selectFrom('jobs')
        .select(['state', 'attempts', 'last_error', 'claimed_by'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
    expect(await runner.runDueJobs()).toBe(1);
    expect(await row()).toEqual({ state: 'pending', attempts: 1, last_error: 'converter refused the file (run 1)', claimed_by: null });
    // Not due again before its backoff.
    expect(await runner.runDueJobs()).toBe(0);
    server().advanceDatabaseClock(60_000 + 1000);
    expect(await runner.runDueJobs()).toBe(1);
    expect(await row()).toMatchObject({ state: 'pending', attempts: 2 });
    // The second wait is twice as long.
    server().advanceDatabaseClock(60_000 + 1000);
    expect(await runner.runDueJobs()).toBe(0);
    server().advanceDatabaseClock(60_000);
    expect(await runner.runDueJobs()).toBe(1);
    expect(await row()).toEqual({ state: 'failed', attempts: 3, last_error: 'converter refused the file (run 3)', claimed_by: null });
    server().advanceDatabaseClock(24 * 60 * 60_000);
    expect(await runner.runDueJobs()).toBe(0);
    expect(runs).toBe(3);
  });

  it('gives up on a job whose runners keep dying once its runs are used up', async () => {
    const kind = 'test:dies';
    const [jobId] = await addJobs(server(), kind, 1);
    const now = await readDatabaseClock(server().deps.db, server().deps.databaseNow());
    await server()
      .deps.db.updateTable('jobs')
      .set({ state: 'running', attempts: 2, claimed_by: 'dead', claimed_until: now })
      .where('id', '=', jobId)
      .execute();
    server().advanceDatabaseClock(1000);
    let runs = 0;
    const runner = new JobRunner(server().deps, { handlers: { [kind]: async () => void (runs += 1) }, retry: { maxAttempts: 2 } });
    expect(await runner.runDueJobs()).toBe(1);
    expect(runs).toBe(0);
    const job = await server().deps.db.selectFrom('jobs').select(['state', 'last_error']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.state).toBe('failed');
    expect(job.last_error).toMatch(/^Gave up after 2 runs/);
  });

  it('once started, runs due jobs by itself, and stop waits for the job in hand', async () => {
    const kind = 'test:slow';
    const [jobId] = await addJobs(server(), kind, 1);
    let entered: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runner = new JobRunner(server().deps, {
      handlers: {
        [kind]: async () => {
          entered();
          await released;
        },
      },
    });
    runner.start();
    await started;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await server().deps.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow()).state).toBe(
      'done',
    );
    expect(await runner.runDueJobs()).toBe(0);
  });
});
