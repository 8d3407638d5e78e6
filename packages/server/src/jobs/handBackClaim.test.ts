import { describeOnEachDatabase } from '../test/testServer';
import { waitFor } from '../test/waitFor';
import { claimJob } from './claimJob';
import type { ClaimedJob } from './claimJob';
import type { JobOutcome } from './JobOutcome';
import { JobRunner } from './JobRunner';
import { readDatabaseClock } from './readDatabaseClock';

/*
 * A stopping runner (graceful shutdown, issue 41 item 6): jobs that finish within the bound
 * finish; one still running when the bound passes is handed back — pending, due now, its attempt
 * not counted — so another runner claims it at once instead of after the claim's minute, and the
 * unfinished run's late end changes nothing.
 */
describeOnEachDatabase('JobRunner.stop hands back what still runs at the bound', (server) => {
  const KIND = 'test:hand-back';

  async function addJob(subject: string): Promise<number> {
    const now = await readDatabaseClock(server().deps.db, server().deps.databaseNow());
    const row = await server()
      .deps.db.insertInto('jobs')
      .values({ kind: KIND, subject, run_after: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const jobRow = (id: number) =>
    server()
      .deps.db.selectFrom('jobs')
      .select(['state', 'attempts', 'claimed_by', 'claimed_until', 'run_after'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('hands back a job still running at the bound: pending, claim cleared, attempt not counted, claimable at once', async () => {
    const id = await addJob('slow');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const settled: { id: number; outcome: JobOutcome }[] = [];
    const runner = new JobRunner(server().deps, {
      handlers: { [KIND]: () => gate },
      onSettled: (job, outcome) => settled.push({ id: job.id, outcome }),
    });
    runner.start();
    await waitFor(() => jobRow(id), { what: 'the runner to claim the job', until: (row) => row.state === 'running', intervalMs: 5 });

    await runner.stop({ handBackAfterMs: 0 });
    const handedBack = await jobRow(id);
    expect(handedBack).toMatchObject({ state: 'pending', attempts: 0, claimed_by: null, claimed_until: null });
    expect(settled).toEqual([{ id, outcome: 'handed-back' }]);

    // Another process's runner takes it now: it is due by the database clock at once.
    const now = await readDatabaseClock(server().deps.db, server().deps.databaseNow());
    const other: ClaimedJob | undefined = await claimJob(server().deps.db, { kinds: [KIND], token: 'other-process', now, claimMs: 60_000 });
    expect(other).toMatchObject({ id, attempts: 1 });

    // The unfinished run ends late: its finish no longer holds the claim and changes nothing.
    release();
    // A stop without a bound waits for the lane, so the late end has happened when it resolves.
    await runner.stop();
    const afterLateEnd = await jobRow(id);
    expect(afterLateEnd).toMatchObject({ state: 'running', claimed_by: 'other-process', attempts: 1 });
    expect(settled).toEqual([{ id, outcome: 'handed-back' }]);
    await server().deps.db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('lets a job that ends within the bound finish as done, handing nothing back', async () => {
    const id = await addJob('quick');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const settled: JobOutcome[] = [];
    const runner = new JobRunner(server().deps, { handlers: { [KIND]: () => gate }, onSettled: (_job, outcome) => settled.push(outcome) });
    runner.start();
    await waitFor(() => jobRow(id), { what: 'the runner to claim the job', until: (row) => row.state === 'running', intervalMs: 5 });
    // A bound far beyond the test: the stop waits for the job, which the test lets end now.
    const stopped = runner.stop({ handBackAfterMs: 10 * 60 * 1000 });
    release();
    await stopped;
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, claimed_by: null });
    expect(settled).toEqual(['done']);
  });
});
