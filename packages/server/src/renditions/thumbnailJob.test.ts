import { createWorld, createDocument, makePdf } from '../test/factories';
import { pngClaiming } from '../test/hostileFiles';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { serverJobHandlers } from '../serverJobs';
import { JobRunner } from '../jobs/JobRunner';
import { PRERENDERED_PAGES, PRERENDERED_THUMBNAIL_WIDTH, THUMBNAIL_JOB, thumbnailJobHandler, thumbnailKind } from './thumbnailJob';

describeOnEachDatabase('thumbnails:render job', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  async function fileOf(documentId: number): Promise<string> {
    return (await server().deps.db.selectFrom('documents').select('file_sha256').where('id', '=', documentId).executeTakeFirstOrThrow())
      .file_sha256;
  }

  async function cachedKinds(sha: string): Promise<string[]> {
    const rows = await server().deps.db.selectFrom('derived_files').select('kind').where('source_sha256', '=', sha).execute();
    return rows.map((row) => row.kind).sort();
  }

  it('an upload enqueues the job; the runner fills the cache; the thumbnail route then serves the cached file', async () => {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Three.pdf',
      content: await makePdf(3, 'Thumbs'),
      uploader: world.clerk,
    });
    const sha = await fileOf(id);
    const jobs = await server()
      .deps.db.selectFrom('jobs')
      .select(['state'])
      .where('kind', '=', THUMBNAIL_JOB)
      .where('subject', '=', sha)
      .execute();
    expect(jobs.map((job) => job.state)).toEqual(['pending']);
    expect(await cachedKinds(sha)).toEqual([]);

    const runner = new JobRunner(server().deps, { handlers: serverJobHandlers(server().deps) });
    await runner.runDueJobs();
    await runner.stop();

    const done = await server()
      .deps.db.selectFrom('jobs')
      .select(['state'])
      .where('kind', '=', THUMBNAIL_JOB)
      .where('subject', '=', sha)
      .execute();
    expect(done.map((job) => job.state)).toEqual(['done']);
    expect(await cachedKinds(sha)).toEqual([1, 2, 3].map((page) => thumbnailKind(page, PRERENDERED_THUMBNAIL_WIDTH)).sort());
    const cached = await server()
      .deps.db.selectFrom('derived_files')
      .select('derived_sha256')
      .where('source_sha256', '=', sha)
      .where('kind', '=', thumbnailKind(2, PRERENDERED_THUMBNAIL_WIDTH))
      .executeTakeFirstOrThrow();
    const response = await server().inject({
      url: `/api/documents/${id}/pages/2/thumbnail`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(`"${cached.derived_sha256}"`);
    expect(response.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Nothing new was rendered for the request.
    expect((await cachedKinds(sha)).length).toBe(3);
  });

  it('a width the job did not render is rendered on demand and cached', async () => {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'One.pdf',
      content: await makePdf(1, 'Wide'),
      uploader: world.clerk,
    });
    const sha = await fileOf(id);
    const response = await server().inject({
      url: `/api/documents/${id}/pages/1/thumbnail?width=300`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(response.statusCode).toBe(200);
    expect(await cachedKinds(sha)).toContain(thumbnailKind(1, 300));
    expect(PRERENDERED_PAGES).toBeGreaterThanOrEqual(1);
  });

  it('one pending job per file: a second document of the same file adds none', async () => {
    const content = await makePdf(2, 'Twice');
    const first = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'A.pdf',
      content,
      uploader: world.clerk,
    });
    await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'B.pdf',
      content,
      uploader: world.clerk,
    });
    const jobs = await server()
      .deps.db.selectFrom('jobs')
      .select('id')
      .where('kind', '=', THUMBNAIL_JOB)
      .where('subject', '=', await fileOf(first))
      .where('state', '=', 'pending')
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('SECURITY row 7: a file that fails by its own fault is marked failed once (no retry), and its preview says so in words', async () => {
    // A PNG header of 10 × 10 pixels with no image data: accepted at upload, undecodable.
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Broken.png',
      content: pngClaiming(10, 10),
      uploader: world.clerk,
    });
    const sha = await fileOf(id);
    const runner = new JobRunner(server().deps, { handlers: serverJobHandlers(server().deps), retry: { maxAttempts: 5, backoffMs: 0 } });
    await runner.runDueJobs();
    await runner.stop();
    const [job] = await server()
      .deps.db.selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('kind', '=', THUMBNAIL_JOB)
      .where('subject', '=', sha)
      .execute();
    expect(job).toMatchObject({ state: 'failed', attempts: 1, last_error: expect.stringMatching(/^Preview not available: /) });

    for (const url of [`/api/documents/${id}/pages/1/thumbnail`, `/api/documents/${id}/data?asPdf=true`]) {
      const answer = await server().inject({ url, headers: server().authHeaders(world.clerk.username) });
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toEqual({ statusCode: 415, exceptionType: 'UnsupportedFileType', message: job.last_error });
    }
    // The original stays downloadable as it is.
    expect(
      (await server().inject({ url: `/api/documents/${id}/data`, headers: server().authHeaders(world.clerk.username) })).statusCode,
    ).toBe(200);
  });

  it('a job running past its time budget fails once with the budget in words', async () => {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Slow.pdf',
      content: await makePdf(2, 'Budget'),
      uploader: world.clerk,
    });
    const sha = await fileOf(id);
    // A budget of 0 ms: the budget's timer fires before the first render can finish.
    const handlers = { ...serverJobHandlers(server().deps), [THUMBNAIL_JOB]: thumbnailJobHandler(server().deps, 0) };
    const runner = new JobRunner(server().deps, { handlers });
    await runner.runDueJobs();
    await runner.stop();
    const [job] = await server()
      .deps.db.selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('kind', '=', THUMBNAIL_JOB)
      .where('subject', '=', sha)
      .execute();
    expect(job).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'Preview not available: The job ran past its time budget of 0 s and was stopped.',
    });
  });
});
