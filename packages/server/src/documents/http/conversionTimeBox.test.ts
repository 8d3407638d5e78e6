import sharp from 'sharp';
import { createDocument, createWorld } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOn, startTestServer, testDialects } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import { waitFor } from '../../test/waitFor';

/** The request's time box for heavy work, set small through the configuration (DATAHAVEN_REQUEST_WORK_MS). */
const TIME_BOX_MS = 200;
const PAGES = 60;
const STILL_WORKING = 'The document is being converted for viewing in the background. Try again shortly.';

/**
 * A TIFF whose conversion takes far longer than the time box: PAGES pages of 800 × 1000 grey, each
 * decoded and deflated in the worker pool (the first use of this file's pool also starts its worker).
 */
async function slowTiff(): Promise<Buffer> {
  const page = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#8a8f96' } })
    .greyscale()
    .png()
    .toBuffer();
  return sharp(
    Array.from({ length: PAGES }, () => page),
    { join: { animated: true } },
  )
    .greyscale()
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`GET /api/documents/{id}/data?asPdf=true beyond the request's time box [${dialect}]`, () => {
    let server: TestServer | null = null;
    let world: World;
    const running = (): TestServer => {
      if (server === null) throw new Error('The test server is not running.');
      return server;
    };
    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { DATAHAVEN_REQUEST_WORK_MS: String(TIME_BOX_MS) } });
      world = await createWorld(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 503 with Retry-After while the worker pool converts, then serves the cached PDF', async () => {
      const id = await createDocument(running(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'long-scan.tif',
        content: await slowTiff(),
        uploader: world.clerk,
      });
      const url = `/api/documents/${id}/data?asPdf=true`;
      const headers = running().authHeaders(world.clerk.username);
      const first = await running().inject({ url, headers });
      expect(first.statusCode).toBe(503);
      expect(first.headers['retry-after']).toBe('10');
      expect(first.json()).toMatchObject({ message: STILL_WORKING });

      // The conversion goes on without the request: its result is the cache row in the database.
      const { sha256 } = await running()
        .deps.db.selectFrom('documents')
        .select('file_sha256 as sha256')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const converted = async (): Promise<boolean> =>
        (await running()
          .deps.db.selectFrom('derived_files')
          .select('derived_sha256')
          .where('source_sha256', '=', sha256)
          .where('kind', '=', 'pdf')
          .executeTakeFirst()) !== undefined;
      // The request gave up at its time box, before the end of the conversion: when it answered,
      // the converted PDF was not there yet (the conversion takes many times the time box).
      expect(await converted()).toBe(false);
      expect(await waitFor(converted, { what: 'the conversion to finish in the background (its cache row)', intervalMs: 50 })).toBe(true);

      // The retry is served from the cache (a retry on a busy machine may meet the time box again: it says so the same way).
      const retry = await waitFor(
        async () => {
          const answer = await running().inject({ url, headers });
          if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBe('10');
          return answer;
        },
        { until: (answer) => answer.statusCode !== 503, what: 'the retry served from the cache', intervalMs: 50 },
      );
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['content-type']).toBe('application/pdf');
      expect(retry.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
}
