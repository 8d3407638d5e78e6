import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createWorld, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { streamUpload } from '../../test/streamUpload';
import { quotaExceeded } from '../uploadAllowance';
import { describeEachDialect, startTestServer } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';

const KB = 1024;

/** A valid one-page PDF of about `bytes` bytes (an incompressible attachment makes it big). */
async function pdfOfSize(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  await pdf.attach(randomBytes(bytes), `${unique('pad')}.bin`, { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The files of the disk store (stored and temp); empty for the blob store, whose files the tests ask for by key. */
async function storeFiles(server: TestServer): Promise<string[]> {
  if (server.config.blobStore !== null) return [];
  const names: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else names.push(join(dir, entry.name));
    }
  };
  await walk(join(server.config.dataDir, 'files'));
  return names.sort();
}

describeEachDialect('upload limits per request and per user and day (second attack finding 4)', (dialect) => {
  let server: TestServer;
  let world: World;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { DATAHAVEN_UPLOAD_REQUEST_LIMIT_MB: '1', DATAHAVEN_UPLOAD_DAILY_QUOTA_MB: '2' } });
    world = await createWorld(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  const uploadUrl = (): string => `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`;

  it('refuses files that together pass the request limit with 413 in words, keeping none of them', async () => {
    const before = await storeFiles(server);
    const files = [await pdfOfSize(400 * KB), await pdfOfSize(400 * KB), await pdfOfSize(400 * KB)];
    const answer = await streamUpload(
      server.baseUrl,
      uploadUrl(),
      server.authHeaders(world.clerk.username),
      files.map((content, index) => ({ name: `Part ${index}.pdf`, content })),
    );
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 413,
      exceptionType: 'PayloadTooLarge',
      message: 'The files of one upload may add up to 1 MB at most: send them in several uploads.',
    });
    for (const file of files) expect(await server.deps.fileStore.has(sha256(file))).toBe(false);
    expect(await storeFiles(server)).toEqual(before);
  });

  it("words the limits in the caller's language: German for de-DE", async () => {
    const files = [await pdfOfSize(400 * KB), await pdfOfSize(400 * KB), await pdfOfSize(400 * KB)];
    const answer = await streamUpload(
      server.baseUrl,
      uploadUrl(),
      { ...server.authHeaders(world.clerk.username), 'accept-language': 'de-DE' },
      files.map((content, index) => ({ name: `Teil ${index}.pdf`, content })),
    );
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 413,
      exceptionType: 'PayloadTooLarge',
      message: 'Die Dateien eines Uploads dürfen zusammen höchstens 1 MB groß sein: Senden Sie sie in mehreren Uploads.',
    });
    expect(quotaExceeded(2.5 * 1024 * KB).wording?.('de')).toBe(
      'Mit diesem Upload überschreiten Sie Ihr tägliches Upload-Kontingent von 2,5 MB: Laden Sie den Rest morgen hoch (der Tag endet um Mitternacht UTC), oder bitten Sie Ihren Administrator, DATAHAVEN_UPLOAD_DAILY_QUOTA_MB zu erhöhen.',
    );
  });

  it('stops reading a request once it passes the limit: the rest of a 64 MB body is never taken, nothing is kept', async () => {
    const before = await storeFiles(server);
    const answer = await streamUpload(server.baseUrl, uploadUrl(), server.authHeaders(world.clerk.username), [
      { name: 'Huge.pdf', size: 64 * 1024 * KB },
    ]);
    expect(answer.cutOff).toBe(true);
    expect(answer.sentBytes).toBeLessThan(answer.totalBytes / 2);
    expect(answer.statusCode).toBe(413);
    expect(answer.body).toContain('The files of one upload may add up to 1 MB at most');
    expect(await storeFiles(server)).toEqual(before);
  });

  it("counts a user's day: past the daily quota an upload is refused in words; another user still uploads", async () => {
    const as = (username: string) => server.authHeaders(username);
    const upload = async (username: string, content: Buffer) =>
      streamUpload(server.baseUrl, uploadUrl(), as(username), [{ name: `${unique('Day ')}.pdf`, content }]);
    const first = [await pdfOfSize(700 * KB), await pdfOfSize(700 * KB)];
    for (const content of first) expect((await upload(world.clerk.username, content)).statusCode).toBe(201);
    const over = await pdfOfSize(700 * KB);
    const refused = await upload(world.clerk.username, over);
    expect(refused.statusCode).toBe(413);
    expect(JSON.parse(refused.body).message).toBe(
      'This upload goes past your daily upload quota of 2 MB: upload the rest tomorrow (the day ends at midnight UTC), or ask your administrator to raise DATAHAVEN_UPLOAD_DAILY_QUOTA_MB.',
    );
    expect(await server.deps.fileStore.has(sha256(over))).toBe(false);
    expect((await upload(world.noNotes.username, over)).statusCode).toBe(201);
    // The next day the clerk's quota is whole again.
    server.setNow(new Date(Date.now() + 24 * 60 * 60 * 1000));
    try {
      expect((await upload(world.clerk.username, await pdfOfSize(700 * KB))).statusCode).toBe(201);
    } finally {
      server.setNow(null);
    }
  });
});
