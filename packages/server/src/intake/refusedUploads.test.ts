import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createWorld, makePdf, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import { committingStagedFiles } from './stagedFiles';
import { stageUpload } from './stageUpload';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function form(files: readonly [string, Buffer][]): FormData {
  const data = new FormData();
  for (const [name, content] of files) data.append('file', new Blob([new Uint8Array(content)], { type: 'application/octet-stream' }), name);
  return data;
}

/** The disk store's temp files (none may outlive its request). */
async function tempFiles(server: TestServer): Promise<string[]> {
  if (server.config.blobStore !== null) return [];
  return readdir(join(server.config.dataDir, 'files', 'tmp')).catch(() => []);
}

describeOnEachDatabase('refused uploads leave nothing in the store (second attack finding 5)', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const upload = (files: readonly [string, Buffer][]) =>
    server().inject({
      method: 'POST',
      url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: server().authHeaders(world.clerk.username),
      payload: form(files),
    });

  it('removes a file refused for its content at once (415)', async () => {
    const fake = Buffer.from(`%PDF-1.7\n${unique('not really a PDF ')}\n`.repeat(50));
    const answer = await upload([['Fake.pdf', fake]]);
    expect(answer.statusCode).toBe(415);
    expect(await server().deps.fileStore.has(sha256(fake))).toBe(false);
    expect(await tempFiles(server())).toEqual([]);
  });

  it('removes the files a request staged before a later file of it was refused', async () => {
    const good = await makePdf(1, unique('Staged first '));
    const bad = Buffer.from(unique('plain text, named a PDF '));
    const answer = await upload([
      ['Good.pdf', good],
      ['Bad.pdf', bad],
    ]);
    expect(answer.statusCode).toBe(415);
    expect(await server().deps.fileStore.has(sha256(good))).toBe(false);
    expect(await server().deps.fileStore.has(sha256(bad))).toBe(false);
  });

  it('keeps bytes a committed document holds when the same bytes are refused in another request', async () => {
    const kept = await makePdf(1, unique('Kept '));
    expect((await upload([['Kept.pdf', kept]])).statusCode).toBe(201);
    const answer = await upload([
      ['Kept again.pdf', kept],
      ['Bad.pdf', Buffer.from(unique('not a PDF '))],
    ]);
    expect(answer.statusCode).toBe(415);
    expect(await server().deps.fileStore.has(sha256(kept))).toBe(true);
  });

  it('removes staged files whose commit was refused', async () => {
    const refusedBytes = await makePdf(1, unique('Refused at commit '));
    const refused = await stageUpload(server().deps, 'Refused.pdf', Readable.from([refusedBytes]), Number.MAX_SAFE_INTEGER);
    const refusal = new Error('The queue is final.');
    await expect(committingStagedFiles(server().deps, [refused], () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await server().deps.fileStore.has(refused.key)).toBe(false);
  });
});
