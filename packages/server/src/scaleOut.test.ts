import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { MESSAGES } from '@datahaven/core/rules';
import { encodeQueueAccess, ALL_QUEUE_ACCESS } from './access/queueAccessFlags';
import { signToken, tokenPayloadFor } from './auth/tokenCodec';
import { describeNeeding } from './test/describeNeeding';
import { makePdf } from './test/factories';
import { type ScaleOut, startScaleOut } from './test/scaleOut/startScaleOut';
import { sendRetrying, type RetriedAnswer } from './test/scaleOut/sendRetrying';
import { seedApprovalQueue, type SeededApprovalQueue } from './test/seedApprovalQueue';
import { type Azurite, startAzurite } from './test/startAzurite';
import { AZURITE, NGINX, POSTGRES } from './test/testRequirements';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const PROCESSES = 3;
const APPROVERS = 6;
const DOCUMENTS = 48;
const UPLOADS = 18;

/** Resolves once `count()` reaches `target`: the moment to pull the plug, chosen by progress, not by time. */
function whenReached(count: () => number, target: number): Promise<void> {
  return new Promise((resolveReached) => {
    const check = (): void => {
      if (count() >= target) resolveReached();
      else setImmediate(check);
    };
    check();
  });
}

describeNeeding(
  POSTGRES,
  AZURITE,
  NGINX,
)('Scale-out: three server processes behind nginx, one killed (kill -9) at a time', () => {
  let azurite: Azurite;
  let scaleOut: ScaleOut;
  let seeded: SeededApprovalQueue;
  let tokens: string[];

  beforeAll(async () => {
    // The processes run the built server, as an operator does; tsc -b is incremental (CI's typecheck built it already).
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
    azurite = await startAzurite();
    scaleOut = await startScaleOut({
      processes: PROCESSES,
      databaseUrl: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '',
      blobConnectionString: azurite.connectionString,
    });
    seeded = await seedApprovalQueue(scaleOut.deps.db, {
      label: 'Scale',
      usernames: Array.from({ length: APPROVERS }, (_, i) => `scale-approver-${i + 1}`),
      approvers: APPROVERS,
      documents: DOCUMENTS,
      approvalAccess: ALL_QUEUE_ACCESS,
      approvedAccess: encodeQueueAccess(['BrowseToQueue', 'AccessDocumentWithin']),
    });
    // The first approver uploads too: importing into a queue needs two privileges of its own.
    const { db } = scaleOut.deps;
    for (const name of ['Cabinet: Import Documents', 'Workflow Queues: OK']) {
      const privilege =
        (await db.selectFrom('privileges').select('id').where('name', '=', name).executeTakeFirst()) ??
        (await db.insertInto('privileges').values({ name, description: '' }).returning('id').executeTakeFirstOrThrow());
      await db.insertInto('user_privileges').values({ user_id: seeded.users[0].id, privilege_id: privilege.id, value: 1 }).execute();
    }
    const issuedAt = new Date();
    tokens = seeded.users.map((user) => signToken(scaleOut.deps.tokenSecret, tokenPayloadFor(user.username, issuedAt)));
  }, 300_000);

  afterAll(async () => {
    await scaleOut?.stop();
    await azurite?.stop();
  }, 120_000);

  it('approvals: none lost, none doubled, every request answered, while one process dies mid-race', async () => {
    const answers: { documentId: number; answer: RetriedAnswer }[] = [];
    const approver = async (index: number): Promise<void> => {
      for (const [position, documentId] of seeded.documentIds.entries()) {
        if (position % APPROVERS !== index) continue;
        const answer = await sendRetrying(`${scaleOut.proxyUrl}/api/documents/approval`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' },
          body: () =>
            JSON.stringify({
              docId: [documentId],
              rowConflictIds: [0],
              expectedQueueId: seeded.queueId,
              approvalNote: `Scale-out ${documentId}`,
            }),
        });
        answers.push({ documentId, answer });
      }
    };
    const racing = Promise.all(Array.from({ length: APPROVERS }, (_, index) => approver(index)));
    await whenReached(() => answers.length, DOCUMENTS / 4);
    await scaleOut.kill(1);
    await racing;

    // Every request got an answer: approved, or (when nginx sent the PUT on to another process
    // after the dead one had committed it) told that the document has moved on: never a 5xx.
    const unexpected = answers.filter(
      ({ answer }) => answer.status !== 200 && !(answer.status === 409 && answer.text.includes(MESSAGES.queueOutOfSync)),
    );
    expect(unexpected.map(({ documentId, answer }) => `${documentId}: ${answer.status} ${answer.text.slice(0, 200)}`)).toEqual([]);
    expect(answers).toHaveLength(DOCUMENTS);

    // The database: every document approved exactly once, all in the approved queue.
    const history = await scaleOut.deps.db
      .selectFrom('workflow_history')
      .select(['document_id'])
      .where('document_id', 'in', seeded.documentIds)
      .where('action', '=', 'approve')
      .execute();
    const perDocument = new Map<number, number>();
    for (const row of history) perDocument.set(row.document_id, (perDocument.get(row.document_id) ?? 0) + 1);
    expect(seeded.documentIds.filter((id) => perDocument.get(id) !== 1)).toEqual([]);
    const queues = await scaleOut.deps.db.selectFrom('documents').select(['queue_id']).where('id', 'in', seeded.documentIds).execute();
    expect(new Set(queues.map((row) => row.queue_id))).toEqual(new Set([seeded.approvedQueueId]));
  }, 600_000);

  it('uploads: every file stored once with its document, while another process dies mid-upload', async () => {
    await scaleOut.restart(1);
    const files = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => makePdf(2, `Scale-out upload ${i + 1}`)));
    const answers: RetriedAnswer[] = [];
    const uploader = async (lane: number): Promise<void> => {
      for (let i = lane; i < UPLOADS; i += 3) {
        const answer = await sendRetrying(`${scaleOut.proxyUrl}/api/queues/${seeded.queueId}/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[0]}`, 'idempotency-key': `scale-out-upload-${i + 1}` },
          body: () => {
            const form = new FormData();
            form.append('file', new Blob([new Uint8Array(files[i])], { type: 'application/pdf' }), `scale-out-upload-${i + 1}.pdf`);
            return form;
          },
        });
        answers.push(answer);
      }
    };
    const uploading = Promise.all([0, 1, 2].map((lane) => uploader(lane)));
    await whenReached(() => answers.length, UPLOADS / 3);
    await scaleOut.kill(2);
    await uploading;

    expect(answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.text.slice(0, 200)}`)).toEqual([]);
    // One document per upload, whatever the retries (the Idempotency-Key), each with its file in the blob store.
    const documents = await scaleOut.deps.db
      .selectFrom('documents')
      .select(['name', 'file_sha256'])
      .where('name', 'like', 'scale-out-upload-%')
      .where('deleted_at', 'is', null)
      .execute();
    expect(documents.map((document) => document.name).sort()).toEqual(
      Array.from({ length: UPLOADS }, (_, i) => `scale-out-upload-${i + 1}.pdf`).sort(),
    );
    for (const document of documents) {
      const index = Number(/(\d+)\.pdf$/.exec(document.name)?.[1]) - 1;
      expect(document.file_sha256).toBe(createHash('sha256').update(files[index]).digest('hex'));
      expect(await scaleOut.deps.fileStore.has(document.file_sha256)).toBe(true);
    }
  }, 600_000);

  it('a live push crosses processes: a stream on one process hears an approval made on another', async () => {
    await scaleOut.restart(2);
    const [listening, deciding] = [scaleOut.processes[0], scaleOut.processes[2]];
    const documentId = (
      await seedApprovalQueue(scaleOut.deps.db, {
        label: 'Scale Push',
        usernames: ['scale-push-approver'],
        approvers: 1,
        documents: 1,
        approvalAccess: ALL_QUEUE_ACCESS,
        approvedAccess: ALL_QUEUE_ACCESS,
      })
    ).documentIds[0];
    const pushToken = signToken(scaleOut.deps.tokenSecret, tokenPayloadFor('scale-push-approver', new Date()));
    const controller = new AbortController();
    const stream = await fetch(`${listening.url}/api/events`, {
      headers: { authorization: `Bearer ${pushToken}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (reader === undefined) throw new Error('The event stream has no body.');
    const heard = (async (): Promise<string> => {
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
        if (text.includes(`"documentId":${documentId}`) || text.includes(`"documentIds":[${documentId}`)) return text;
      }
    })();
    const queueId = (
      await scaleOut.deps.db.selectFrom('documents').select('queue_id').where('id', '=', documentId).executeTakeFirstOrThrow()
    ).queue_id;
    const approval = await fetch(`${deciding.url}/api/documents/approval`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${pushToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ docId: [documentId], rowConflictIds: [0], expectedQueueId: queueId, approvalNote: 'Across processes' }),
    });
    expect(approval.status).toBe(200);
    expect(await heard).toContain(String(documentId));
    controller.abort();
  }, 300_000);
});
