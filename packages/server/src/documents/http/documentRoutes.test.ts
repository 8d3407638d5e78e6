import { request as httpRequest } from 'node:http';
import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import type { DmsDocument } from '@datahaven/core/model';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { serverJobHandlers } from '../../serverJobs';
import { JobRunner } from '../../jobs/JobRunner';
import { TEXT_EXTRACTION_JOB } from '../../search/enqueueTextExtraction';
import { jpegClaiming, pngClaiming, tiffWithPages, zipWith } from '../../test/hostileFiles';
import { describeOnEachDatabase } from '../../test/testServer';
import { waitFor } from '../../test/waitFor';
import { NUMBER_OUT_OF_RANGE } from '../../http/plugins/errorHandler';
import type { TestServer } from '../../test/testServer';

const NOT_FOUND = 'The document was not found. It has either been moved or deleted.';

function uploadUrl(world: World, extra = ''): string {
  return `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}${extra}`;
}

function form(files: { name: string; content: Buffer | string; type?: string }[]): FormData {
  const data = new FormData();
  for (const file of files) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    data.append('file', new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return data;
}

async function documentCount(server: TestServer): Promise<number> {
  const row = await server.deps.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeOnEachDatabase('documents', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const as = (user: { username: string }) => server().authHeaders(user.username);

  describe('POST /api/documents (upload)', () => {
    it('streams a PDF into the record, answers 201 DmsDocument[] and writes the system note', async () => {
      const pdf = await makePdf(3);
      const response = await server().inject({
        method: 'POST',
        url: uploadUrl(world, `&subtypeId=${world.table.subtypeIds.invoice}`),
        headers: as(world.clerk),
        payload: form([{ name: 'Invoice 2001.pdf', content: pdf, type: 'application/pdf' }]),
      });
      expect(response.statusCode).toBe(201);
      const [document] = response.json<DmsDocument[]>();
      expect(document).toMatchObject({
        name: 'Invoice 2001.pdf',
        extension: 'pdf',
        FileSize: pdf.length,
        mediaType: 'application/pdf',
        totalPages: 3,
        subtype: { id: world.table.subtypeIds.invoice, text: 'Invoice' },
        type: 'Vendor',
        createdBy: world.clerk.username,
        rowVersion: 1,
        link: { dataAreaId: 'CRONUS', sourceTableId: world.table.tableId, recordId: world.recordId, sitId: world.table.sitId },
      });
      expect(document.link?.sourceNumber).toMatch(/^V\d+$/);
      const notes = await server().inject({ url: `/api/documents/${document.id}/notes`, headers: as(world.clerk) });
      expect(notes.json()).toEqual([expect.objectContaining({ kind: 'system', text: `Uploaded by ${world.clerk.username}` })]);
      const stored = await server().deps.fileStore.has(
        (await server().deps.db.selectFrom('documents').select('file_sha256').where('id', '=', document.id).executeTakeFirstOrThrow())
          .file_sha256,
      );
      expect(stored).toBe(true);
    });

    it("answers before the page text is extracted: a job after the commit, which the server's runner starts at once", async () => {
      const search = async (word: string): Promise<number[]> =>
        (await server().inject({ url: `/api/documents/search?q=${word}`, headers: as(world.clerk) }))
          .json<{ documents: { id: number }[] }>()
          .documents.map((d) => d.id);
      const upload = async (word: string): Promise<DmsDocument> => {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name: 'Freight terms.pdf', content: await makePdf(2, `${word} freight terms`), type: 'application/pdf' }]),
        });
        expect(response.statusCode).toBe(201);
        return response.json<DmsDocument[]>()[0];
      };
      const jobsOf = async (id: number) => {
        const { file_sha256: sha } = await server()
          .deps.db.selectFrom('documents')
          .select('file_sha256')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return server().deps.db.selectFrom('jobs').select(['kind', 'state']).where('subject', '=', sha).orderBy('kind').execute();
      };
      // No runner: the upload has answered, its slow work is still pending jobs, its page text not yet searchable.
      const first = await upload('Quokkaledger');
      expect(await jobsOf(first.id)).toEqual([
        { kind: 'search:extract-text', state: 'pending' },
        { kind: 'thumbnails:render', state: 'pending' },
      ]);
      expect(await search('quokkaledger')).toEqual([]);
      // The server's runner, which would next poll in an hour, is woken by the upload's commit.
      const runner = new JobRunner(server().deps, {
        handlers: { [TEXT_EXTRACTION_JOB]: serverJobHandlers(server().deps)[TEXT_EXTRACTION_JOB] },
        pollMs: 60 * 60_000,
        signal: server().deps.jobSignal,
      });
      runner.start();
      try {
        const second = await upload('Bilbyinvoice');
        // Waits on state (the search answer), never on time.
        // (The runner runs two jobs at a time: the earlier upload's may finish after this one's.)
        await waitFor(async () => (await search('bilbyinvoice')).length > 0 && (await search('quokkaledger')).length > 0, {
          what: "both uploads' page text searchable",
        });
        expect(await search('bilbyinvoice')).toEqual([second.id]);
        expect(await search('quokkaledger')).toEqual([first.id]);
      } finally {
        await runner.stop();
      }
    });

    it('accepts several file parts in one request, braces and upper case in the record id', async () => {
      const url = `/api/documents?dataAreaId=CRONUS&tableId=${world.table.tableId}&recordId={${world.recordId.toUpperCase()}}`;
      const response = await server().inject({
        method: 'POST',
        url,
        headers: as(world.clerk),
        payload: form([
          { name: 'a.txt', content: 'plain text one' },
          { name: 'b.csv', content: 'a,b\n1,2\n' },
        ]),
      });
      expect(response.statusCode).toBe(201);
      const documents = response.json<DmsDocument[]>();
      expect(documents.map((d) => [d.name, d.mediaType])).toEqual([
        ['a.txt', 'text/plain'],
        ['b.csv', 'text/csv'],
      ]);
      expect(documents[0].link?.recordId).toBe(world.recordId);
    });

    it("SECURITY row 1: SVG and HTML with script, renamed or not, are refused with 415 'Unsupported file type!'", async () => {
      const before = await documentCount(server());
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      const html = '<html><body><img src=x onerror=alert(1)></body></html>';
      for (const [name, content] of [
        ['x.svg', svg],
        ['x.html', html],
        ['x.txt', html],
        ['x.csv', svg],
        ['x.pdf', html],
      ] as const) {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name, content }]),
        });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ statusCode: 415, exceptionType: 'UnsupportedFileType', message: 'Unsupported file type!' });
      }
      expect(await documentCount(server())).toBe(before);
    });

    it("SECURITY row 2: a file whose signature does not match its extension or Content-Type → 415 'Unsupported file type!'", async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
        .png()
        .toBuffer();
      const pdf = await makePdf(1);
      for (const [name, content, type] of [
        ['photo.pdf', png, 'application/pdf'],
        ['invoice.png', pdf, 'image/png'],
        ['invoice.jpg', pdf, 'image/jpeg'],
        ['noextension', pdf, 'application/pdf'],
      ] as const) {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name, content, type }]),
        });
        expect(response.statusCode).toBe(415);
        expect(response.json<{ message: string }>().message).toBe('Unsupported file type!');
      }
    });

    it('SECURITY row 5: hostile names are stored as text; the storage key is the content hash', async () => {
      const names = [
        '<img src=x onerror=alert(1)>.pdf',
        '..\\..\\x.pdf',
        'evil\r\nSet-Cookie: a=b.pdf',
        'invoice\u202Efdp.exe.pdf',
        `${'n'.repeat(1024)}.pdf`,
      ];
      for (const name of names) {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name, content: await makePdf(1, name.slice(0, 20)) }]),
        });
        expect(response.statusCode).toBe(201);
        const [document] = response.json<DmsDocument[]>();
        expect(document.name).not.toMatch(/[\r\n\u202E\\/]/);
        expect(document.name.endsWith('.pdf')).toBe(true);
        expect(Array.from(document.name).length).toBeLessThanOrEqual(255);
        const row = await server()
          .deps.db.selectFrom('documents')
          .select('file_sha256')
          .where('id', '=', document.id)
          .executeTakeFirstOrThrow();
        expect(row.file_sha256).toMatch(/^[0-9a-f]{64}$/);
        const data = await server().inject({ url: `/api/documents/${document.id}/data?download=true`, headers: as(world.clerk) });
        expect(data.statusCode).toBe(200);
        expect(data.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      }
      const html = await server().inject({
        method: 'POST',
        url: uploadUrl(world),
        headers: as(world.clerk),
        payload: form([{ name: '<b onmouseover=alert(1)>x.pdf', content: await makePdf(1) }]),
      });
      expect(html.json<DmsDocument[]>()[0].name).toBe('<b onmouseover=alert(1)>x.pdf');
    });

    it("SECURITY row 7: a body over the 'File Upload Size Limit' option → 413, and no row", async () => {
      await server().deps.db.insertInto('options').values({ name: 'File Upload Size Limit', data: '2048' }).execute();
      try {
        const before = await documentCount(server());
        const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_000, 0x20)]);
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name: 'big.pdf', content: big }]),
        });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({ statusCode: 413, exceptionType: 'PayloadTooLarge' });
        expect(await documentCount(server())).toBe(before);
      } finally {
        await server().deps.db.deleteFrom('options').where('name', '=', 'File Upload Size Limit').execute();
      }
    });

    it('SECURITY row 7: a 50k × 50k PNG, a JPEG claiming 65000 × 65000 and a 10,000-page TIFF → 413 in words at upload, and no row', async () => {
      const before = await documentCount(server());
      for (const [name, content, words] of [
        ['bomb.png', pngClaiming(50_000, 50_000), /^The image is 50,000 × 50,000 pixels; images of up to 150,000,000 pixels/],
        ['bomb.jpg', jpegClaiming(65_000, 65_000), /^The image is 65,000 × 65,000 pixels/],
        ['bomb.tif', tiffWithPages(10_000), /^The TIFF has more than 1,000 pages; TIFFs of up to 1,000 pages are accepted\.$/],
      ] as const) {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: as(world.clerk),
          payload: form([{ name, content }]),
        });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({ statusCode: 413, exceptionType: 'PayloadTooLarge', message: expect.stringMatching(words) });
      }
      expect(await documentCount(server())).toBe(before);
    });

    it('SECURITY row 6: an Office file with a 1 GB part and nested zips is stored as it came, never inflated; served back byte for byte as an attachment', async () => {
      const inner = zipWith([{ name: 'inner.xml', data: deflateRawSync(Buffer.alloc(1 << 20)), method: 8, claimedSize: 0x40000000 }]);
      const docx = zipWith([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, claimedSize: 8 },
        { name: 'word/document.xml', data: deflateRawSync(Buffer.alloc(4 << 20)), method: 8, claimedSize: 0x40000000 },
        {
          name: 'word/embeddings/nested.zip',
          data: zipWith([{ name: 'again.zip', data: inner, method: 0, claimedSize: inner.length }]),
          method: 0,
          claimedSize: 0x40000000,
        },
      ]);
      expect(docx.length).toBeLessThan(64 * 1024);
      const response = await server().inject({
        method: 'POST',
        url: uploadUrl(world),
        headers: as(world.clerk),
        payload: form([{ name: 'bomb.docx', content: docx }]),
      });
      expect(response.statusCode).toBe(201);
      const [document] = response.json<DmsDocument[]>();
      // The server never opens the archive: the stored size is the upload's, one page.
      const row = await server()
        .deps.db.selectFrom('files as f')
        .innerJoin('documents as d', 'd.file_sha256', 'f.sha256')
        .select(['f.size', 'd.total_pages'])
        .where('d.id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect({ size: Number(row.size), pages: row.total_pages }).toEqual({ size: docx.length, pages: 1 });
      const data = await server().inject({ url: `/api/documents/${document.id}/data?download=true`, headers: as(world.clerk) });
      expect(data.statusCode).toBe(200);
      expect(data.rawPayload.equals(docx)).toBe(true);
      expect(data.headers['content-disposition']).toMatch(/^attachment;/);
      // No preview is ever made of it (that would mean opening it).
      expect((await server().inject({ url: `/api/documents/${document.id}/pages/1/thumbnail`, headers: as(world.clerk) })).statusCode).toBe(
        404,
      );
    });

    it('SECURITY row 24: every document row has its file; a file written by a process killed before its commit is swept after the grace period', async () => {
      // A process killed between the file write and the commit leaves exactly this behind: the file, no row.
      const orphan = await server().deps.fileStore.putBuffer(Buffer.from(`%PDF-1.7 written, never committed ${Date.now()}`));
      const isKnown = async (key: string): Promise<boolean> =>
        (await server().deps.db.selectFrom('files').select('sha256').where('sha256', '=', key).executeTakeFirst()) !== undefined;
      await server().deps.fileStore.sweepOrphans(isKnown, 60 * 60 * 1000);
      expect(await server().deps.fileStore.has(orphan.key)).toBe(true);
      await server().deps.fileStore.sweepOrphans(isKnown, 0);
      expect(await server().deps.fileStore.has(orphan.key)).toBe(false);
      const rows = await server().deps.db.selectFrom('documents').select('file_sha256').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(await server().deps.fileStore.has(row.file_sha256)).toBe(true);
    });

    it('a malformed multipart body (no boundary, cut short, no closing boundary) → 400 in words, never 500, and no row', async () => {
      const before = await documentCount(server());
      const boundary = '----datahaven-malformed';
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
      const malformed =
        /^The upload is not a well-formed multipart\/form-data body \((Multipart: Boundary not found|it ended before its closing boundary)\)\. Send the file again\.$/;
      for (const [contentType, body, words] of [
        ['multipart/form-data', `${part}--${boundary}--\r\n`, malformed],
        [`multipart/form-data; boundary=${boundary}`, part, malformed],
        // Cut short inside the first part's headers: since @fastify/multipart 10 the parser says the
        // data ended (9 saw no file at all and answered 'No file was sent.').
        [
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Ty`,
          malformed,
        ],
        // No boundary anywhere in the body: likewise the data ended before any part (10; 9: 'No file was sent.').
        [`multipart/form-data; boundary=${boundary}`, 'not multipart at all', malformed],
      ] as const) {
        const response = await server().inject({
          method: 'POST',
          url: uploadUrl(world),
          headers: { ...as(world.clerk), 'content-type': contentType },
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: expect.stringMatching(words) });
      }
      expect(await documentCount(server())).toBe(before);
    });

    it('an upload interrupted mid-stream leaves no row and no stored file, and frees its Idempotency-Key for the retry', async () => {
      const before = await documentCount(server());
      const boundary = '----datahaven-test-boundary';
      const key = `cut-${unique('upload')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
      const declaredLength = head.length + 1_000_000;
      const url = new URL(server().baseUrl + uploadUrl(world));
      // The key's row says where the server is with this request: taken while it works on it,
      // gone again once it has answered the failure (a failed first request keeps nothing).
      const keyHeld = async (): Promise<boolean> =>
        (await server()
          .deps.db.selectFrom('idempotency_keys')
          .select('idempotency_key')
          .where('user_id', '=', world.clerk.id)
          .where('idempotency_key', '=', key)
          .executeTakeFirst()) !== undefined;
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          ...as(world.clerk),
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(declaredLength),
        },
      });
      const ended = new Promise<void>((resolve) => {
        req.on('error', () => resolve());
        req.on('response', (res) => {
          res.resume();
          resolve();
        });
      });
      req.write(head);
      req.write(Buffer.alloc(64 * 1024, 0x41));
      // Half-way through the body, once the server is working on it, the client goes away.
      expect(await waitFor(keyHeld, { what: 'the server taking the upload (its Idempotency-Key claimed)' })).toBe(true);
      req.destroy();
      await ended;
      // Positive signal that the server has unwound the request: it released the key.
      expect(await waitFor(async () => !(await keyHeld()), { what: 'the server answering the cut upload and freeing its key' })).toBe(true);
      expect(await documentCount(server())).toBe(before);
      const orphans = await server()
        .deps.db.selectFrom('files')
        .select('sha256')
        .where('sha256', 'not in', server().deps.db.selectFrom('documents').select('file_sha256'))
        .where('sha256', 'not in', server().deps.db.selectFrom('derived_files').select('derived_sha256'))
        .execute();
      expect(orphans).toEqual([]);
      // The client sends the whole file again with the same key: it is taken as a first request.
      const retry = await server().inject({
        method: 'POST',
        url: uploadUrl(world),
        headers: { ...as(world.clerk), 'idempotency-key': key },
        payload: form([{ name: 'cut.pdf', content: await makePdf(1) }]),
      });
      expect(retry.statusCode).toBe(201);
      expect(await documentCount(server())).toBe(before + 1);
    });

    it("needs 'Cabinet: Import Documents' and upload access to the table (403), a record id and a known table (400)", async () => {
      const pdf = await makePdf(1);
      const outsider = await server().inject({
        method: 'POST',
        url: uploadUrl(world),
        headers: as(world.outsider),
        payload: form([{ name: 'a.pdf', content: pdf }]),
      });
      expect(outsider.statusCode).toBe(403);
      const noRecord = await server().inject({
        method: 'POST',
        url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}`,
        headers: as(world.clerk),
        payload: form([{ name: 'a.pdf', content: pdf }]),
      });
      expect(noRecord.statusCode).toBe(400);
      const unknownTable = await server().inject({
        method: 'POST',
        url: `/api/documents?dataAreaId=CRONUS&sitId=999999&recordId=${world.recordId}`,
        headers: as(world.clerk),
        payload: form([{ name: 'a.pdf', content: pdf }]),
      });
      expect(unknownTable.statusCode).toBe(400);
      const foreignSubtype = await server().inject({
        method: 'POST',
        url: uploadUrl(world, '&subtypeId=999999'),
        headers: as(world.clerk),
        payload: form([{ name: 'a.pdf', content: pdf }]),
      });
      expect(foreignSubtype.statusCode).toBe(400);
    });
  });

  describe('GET /api/documents/{id} and the list', () => {
    it('answers the DmsDocument shape', async () => {
      const response = await server().inject({ url: `/api/documents/${world.pdfDocId}`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(200);
      const document = response.json<DmsDocument>();
      expect(document).toMatchObject({
        id: world.pdfDocId,
        name: 'Invoice 1001.pdf',
        description: '',
        extension: 'pdf',
        totalPages: 3,
        splittable: true,
        lock: null,
        userLock: 'none',
        queue: null,
        queueName: null,
        workflowPerms: 0,
        userString: '',
        userDate: null,
      });
      expect(Object.keys(document).sort()).toEqual(
        [
          'id',
          'name',
          'description',
          'extension',
          'FileSize',
          'mediaType',
          'totalPages',
          'splittable',
          'link',
          'lock',
          'userLock',
          'queueName',
          'queue',
          'workflowPerms',
          'workflowModifiers',
          'hasApprovalRoutes',
          'hasAvailableRoutes',
          'canApprovalRoutes',
          'canRouteForApprovalFromRecord',
          'changeAnnotations',
          'submitted',
          'userString',
          'userDate',
          'subtype',
          'type',
          'rowVersion',
          'createdAt',
          'createdBy',
          'modifiedAt',
        ].sort(),
      );
    });

    it('GET /api/documents?docId[]= answers only the visible ones', async () => {
      const mine = await server().inject({
        url: `/api/documents?docId[]=${world.pdfDocId}&docId[]=${world.contractDocId}&docId[]=999999`,
        headers: as(world.clerk),
      });
      expect(mine.json<DmsDocument[]>().map((d) => d.id)).toEqual([world.pdfDocId, world.contractDocId]);
      const theirs = await server().inject({ url: `/api/documents?docId[]=${world.pdfDocId}`, headers: as(world.outsider) });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).toEqual([]);
      const manager = await server().inject({ url: `/api/documents?docId[]=${world.pdfDocId}`, headers: as(world.manager) });
      expect(manager.json<DmsDocument[]>()).toHaveLength(1);
    });

    it('SECURITY row 8: ids that are not positive integers, `../` and `%2e%2e%2f` → 400', async () => {
      for (const id of ['0', '-1', 'abc', '1.5', '%2e%2e%2f1', '..%2f..%2fsecrets', '1e3']) {
        const response = await server().inject({ url: `/api/documents/${id}`, headers: as(world.clerk) });
        expect({ id, status: response.statusCode, body: response.json() }).toEqual({
          id,
          status: 400,
          body: expect.objectContaining({ exceptionType: 'ValidationError' }),
        });
      }
      for (const id of ['0', '-1', 'abc', '1.5', '%2e%2e%2f1']) {
        const response = await server().inject({ url: `/api/documents/${id}/data`, headers: as(world.clerk) });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ exceptionType: 'ValidationError' });
      }
      const list = await server().inject({ url: '/api/documents?docId[]=..%2F1', headers: as(world.clerk) });
      expect(list.statusCode).toBe(400);
    });

    it('an id beyond 32 bits is never a 500: a list leaves it out; a path finds nothing on SQLite, is refused in words on PostgreSQL', async () => {
      // PostgreSQL's ids are 32-bit integers and it refuses a larger value outright; SQLite's are 64-bit.
      const expected =
        server().dialect === 'postgres'
          ? { status: 400, body: { exceptionType: 'ValidationError', message: NUMBER_OUT_OF_RANGE } }
          : { status: 404, body: { exceptionType: 'NotFound' } };
      for (const url of ['/api/documents/2147483648', '/api/documents/999999999999999', '/api/documents/999999999999999/view']) {
        const response = await server().inject({ url, headers: as(world.clerk) });
        expect({ url, status: response.statusCode }).toEqual({ url, status: expected.status });
        expect(response.json()).toMatchObject(expected.body);
      }
      // In a list it names no document, as an id of a deleted one does (db/postgresIdArray on PostgreSQL).
      const list = await server().inject({ url: `/api/documents?docId[]=${world.pdfDocId}&docId[]=2147483648`, headers: as(world.clerk) });
      expect({ status: list.statusCode, ids: list.json<DmsDocument[]>().map((d) => d.id) }).toEqual({ status: 200, ids: [world.pdfDocId] });
    });
  });

  describe('SECURITY row 9: a user without access gets 404, exactly like a missing id', () => {
    const paths = (id: number) => [
      `/api/documents/${id}`,
      `/api/documents/${id}/data`,
      `/api/documents/${id}/data?asPdf=true`,
      `/api/documents/${id}/view`,
      `/api/documents/${id}/pages/1/thumbnail`,
      `/api/documents/${id}/notes`,
      `/api/documents/${id}/link`,
      `/api/documents/${id}/access`,
    ];

    it('SECURITY row 9: document, data, view, thumbnail, notes, link and access answer 404 to the outsider', async () => {
      for (const path of paths(world.pdfDocId)) {
        const hidden = await server().inject({ url: path, headers: as(world.outsider) });
        const missing = await server().inject({ url: path.replace(String(world.pdfDocId), '987654'), headers: as(world.outsider) });
        expect({ path, status: hidden.statusCode }).toEqual({ path, status: 404 });
        expect(hidden.json()).toEqual({ statusCode: 404, exceptionType: 'NotFound', message: NOT_FOUND });
        expect(hidden.body).toBe(missing.body);
      }
      const post = await server().inject({
        method: 'POST',
        url: `/api/documents/${world.pdfDocId}/notes`,
        headers: as(world.outsider),
        payload: { text: 'hi' },
      });
      expect(post.statusCode).toBe(404);
      const put = await server().inject({
        method: 'PUT',
        url: `/api/documents/${world.pdfDocId}`,
        headers: as(world.outsider),
        payload: { description: 'x' },
      });
      expect(put.statusCode).toBe(404);
    });

    it('SECURITY row 9: the same paths answer 200 to the clerk (control case)', async () => {
      for (const path of paths(world.pdfDocId).filter((p) => !p.endsWith('/view'))) {
        const response = await server().inject({ url: path, headers: as(world.clerk) });
        expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
      }
    });

    it('SECURITY row 9: access is per data area: a group limited to another company sees nothing', async () => {
      const group = await createGroup(server(), unique('Other company '), ['Notes: View Only']);
      await grantTableAccess(server(), group, world.table.sitId, { dataAreaId: 'OTHERCO' });
      const user = await createUser(server(), unique('otherco'), { groups: [group] });
      const response = await server().inject({ url: `/api/documents/${world.pdfDocId}`, headers: as(user) });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('GET /api/documents/{id}/data', () => {
    it('answers the bytes with ETag, Accept-Ranges, exact type, nosniff, sandbox CSP and inline disposition', async () => {
      const response = await server().inject({ url: `/api/documents/${world.pdfDocId}/data`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const row = await server()
        .deps.db.selectFrom('documents')
        .select('file_sha256')
        .where('id', '=', world.pdfDocId)
        .executeTakeFirstOrThrow();
      expect(response.headers.etag).toBe(`"${row.file_sha256}"`);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/^sandbox; frame-ancestors 'none'$/);
      expect(response.headers['content-disposition']).toBe(`inline; filename="Invoice 1001.pdf"; filename*=UTF-8''Invoice%201001.pdf`);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const again = await server().inject({
        url: `/api/documents/${world.pdfDocId}/data`,
        headers: { ...as(world.clerk), 'if-none-match': response.headers.etag },
      });
      expect(again.statusCode).toBe(304);
    });

    it('Range requests return 206 with exactly the requested bytes', async () => {
      const full = (await server().inject({ url: `/api/documents/${world.pdfDocId}/data`, headers: as(world.clerk) })).rawPayload;
      const size = full.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-50', size - 50, size - 1],
        [`bytes=10-${size + 100}`, 10, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await server().inject({ url: `/api/documents/${world.pdfDocId}/data`, headers: { ...as(world.clerk), range } });
        expect(response.statusCode).toBe(206);
        expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(response.rawPayload.equals(full.subarray(start, end + 1))).toBe(true);
      }
      const outside = await server().inject({
        url: `/api/documents/${world.pdfDocId}/data`,
        headers: { ...as(world.clerk), range: `bytes=${size}-` },
      });
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${size}`);
      const stale = await server().inject({
        url: `/api/documents/${world.pdfDocId}/data`,
        headers: { ...as(world.clerk), range: 'bytes=0-9', 'if-range': '"stale"' },
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(size);
    });

    it('SECURITY row 4: download=true → attachment with RFC 6266 filename*; urlEncodeFileName percent-encodes the plain name', async () => {
      const id = await createDocument(server(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'Rechnung Müller & Söhne.pdf',
        uploader: world.clerk,
      });
      const download = await server().inject({ url: `/api/documents/${id}/data?download=true`, headers: as(world.clerk) });
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Rechnung M_ller & S_hne.pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller%20%26%20S%C3%B6hne.pdf`,
      );
      const encoded = await server().inject({
        url: `/api/documents/${id}/data?download=true&urlEncodeFileName=true`,
        headers: as(world.clerk),
      });
      expect(encoded.headers['content-disposition']).toBe(
        `attachment; filename="Rechnung%20M%C3%BCller%20%26%20S%C3%B6hne.pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller%20%26%20S%C3%B6hne.pdf`,
      );
      const text = await server().inject({
        method: 'POST',
        url: uploadUrl(world),
        headers: as(world.clerk),
        payload: form([{ name: 'notes.txt', content: 'hello' }]),
      });
      const txtId = text.json<DmsDocument[]>()[0].id;
      const served = await server().inject({ url: `/api/documents/${txtId}/data`, headers: as(world.clerk) });
      expect(served.headers['content-type']).toBe('text/plain');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    });

    it('asPdf=true converts a PNG to a PDF (cached by sha256); a PDF stays itself', async () => {
      const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const id = await createDocument(server(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'scan.png',
        content: png,
        uploader: world.clerk,
      });
      const original = await server().inject({ url: `/api/documents/${id}/data`, headers: as(world.clerk) });
      expect(original.headers['content-type']).toBe('image/png');
      const converted = await server().inject({ url: `/api/documents/${id}/data?asPdf=true`, headers: as(world.clerk) });
      expect(converted.statusCode).toBe(200);
      expect(converted.headers['content-type']).toBe('application/pdf');
      expect(converted.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(converted.headers['content-disposition']).toContain("filename*=UTF-8''scan.pdf");
      const again = await server().inject({ url: `/api/documents/${id}/data?asPdf=true`, headers: as(world.clerk) });
      expect(again.headers.etag).toBe(converted.headers.etag);
      const cached = await server().deps.db.selectFrom('derived_files').selectAll().where('kind', '=', 'pdf').execute();
      expect(cached.length).toBeGreaterThanOrEqual(1);
      const pdf = await server().inject({ url: `/api/documents/${world.pdfDocId}/data?asPdf=true`, headers: as(world.clerk) });
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });
  });

  describe('GET /api/documents/{id}/view and thumbnails', () => {
    it("records a 'VIEWED' note and answers { document, dataUrl, viewable }", async () => {
      const response = await server().inject({ url: `/api/documents/${world.contractDocId}/view`, headers: as(world.clerk) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        document: expect.objectContaining({ id: world.contractDocId }),
        dataUrl: `/api/documents/${world.contractDocId}/data`,
        viewable: true,
      });
      const notes = await server().inject({ url: `/api/documents/${world.contractDocId}/notes`, headers: as(world.clerk) });
      expect(
        notes
          .json<{ kind: string; text: string }[]>()
          .filter((n) => n.kind === 'viewed')
          .map((n) => n.text),
      ).toEqual(['VIEWED']);
    });

    it('a TIFF is shown through asPdf; a text file is not viewable', async () => {
      const tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer();
      const tiffId = await createDocument(server(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'scan.tif',
        content: tiff,
        uploader: world.clerk,
      });
      const view = await server().inject({ url: `/api/documents/${tiffId}/view`, headers: as(world.clerk) });
      expect(view.json()).toMatchObject({ dataUrl: `/api/documents/${tiffId}/data?asPdf=true`, viewable: true });
      const txtId = await createDocument(server(), {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'readme.txt',
        content: Buffer.from('just text'),
        uploader: world.clerk,
      });
      const txt = await server().inject({ url: `/api/documents/${txtId}/view`, headers: as(world.clerk) });
      expect(txt.json()).toMatchObject({ viewable: false });
    });

    it('GET /api/documents/{id}/pages/{page}/thumbnail answers a PNG of the requested width; page out of range → 404', async () => {
      const response = await server().inject({
        url: `/api/documents/${world.pdfDocId}/pages/3/thumbnail?width=120`,
        headers: as(world.clerk),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(120);
      const beyond = await server().inject({ url: `/api/documents/${world.pdfDocId}/pages/4/thumbnail`, headers: as(world.clerk) });
      expect(beyond.statusCode).toBe(404);
      const zero = await server().inject({ url: `/api/documents/${world.pdfDocId}/pages/0/thumbnail`, headers: as(world.clerk) });
      expect(zero.statusCode).toBe(400);
    });
  });

  describe('PUT /api/documents/{id}', () => {
    it('changes description, userString and userDate, bumps rowVersion and writes a system note', async () => {
      const id = await createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
      const response = await server().inject({
        method: 'PUT',
        url: `/api/documents/${id}`,
        headers: as(world.clerk),
        payload: { description: 'March invoice', userString: 'PO-77', userDate: '2025-03-31' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        description: 'March invoice',
        userString: 'PO-77',
        userDate: '2025-03-31T12:00:00.000Z',
        rowVersion: 2,
      });
      const notes = await server().inject({ url: `/api/documents/${id}/notes`, headers: as(world.clerk) });
      const system = notes
        .json<{ kind: string; text: string }[]>()
        .filter((n) => n.kind === 'system')
        .map((n) => n.text);
      expect(system[system.length - 1]).toBe(
        `Description changed from (blank) to 'March invoice'; User String 1 changed from (blank) to 'PO-77'; User Date 1 changed from (blank) to '2025-03-31T12:00:00.000Z' by ${world.clerk.username}.`,
      );
      const blank = await server().inject({
        method: 'PUT',
        url: `/api/documents/${id}`,
        headers: as(world.clerk),
        payload: { userDate: null },
      });
      expect(blank.json()).toMatchObject({ userDate: null, rowVersion: 3 });
    });

    it('each change needs its privilege (403) and bad values are 400', async () => {
      const groups = await server().deps.db.selectFrom('user_groups').select('group_id').where('user_id', '=', world.clerk.id).execute();
      const limited = await createUser(server(), unique('limited'), {
        groups: groups.map((g) => g.group_id),
        privileges: { 'Cabinet: Edit Document Description': false },
      });
      const denied = await server().inject({
        method: 'PUT',
        url: `/api/documents/${world.pdfDocId}`,
        headers: as(limited),
        payload: { description: 'x' },
      });
      expect(denied.statusCode).toBe(403);
      const allowed = await server().inject({
        method: 'PUT',
        url: `/api/documents/${world.pdfDocId}`,
        headers: as(limited),
        payload: { userString: 'ok' },
      });
      expect(allowed.statusCode).toBe(200);
      for (const payload of [{ userDate: 'not a date' }, { description: 5 }, { userString: 'x'.repeat(251) }]) {
        const bad = await server().inject({ method: 'PUT', url: `/api/documents/${world.pdfDocId}`, headers: as(world.clerk), payload });
        expect(bad.statusCode).toBe(400);
      }
    });
  });

  describe('DELETE /api/documents', () => {
    it("soft-deletes with a system note; the document answers 404 afterwards; needs 'Cabinet: Delete'", async () => {
      const id = await createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
      const denied = await server().inject({ method: 'DELETE', url: `/api/documents?docId[]=${id}`, headers: as(world.outsider) });
      expect(denied.statusCode).toBe(403);
      const hidden = await server().inject({ method: 'DELETE', url: `/api/documents?docId[]=${id}`, headers: as(world.noNotes) });
      expect(hidden.json()).toEqual({ deleted: [id] });
      const again = await server().inject({
        method: 'DELETE',
        url: `/api/documents?docId[]=${id}&docId[]=999999`,
        headers: as(world.clerk),
      });
      expect(again.json()).toEqual({ deleted: [] });
      const gone = await server().inject({ url: `/api/documents/${id}`, headers: as(world.clerk) });
      expect(gone.statusCode).toBe(404);
      expect(gone.json<{ message: string }>().message).toBe(NOT_FOUND);
      const note = await server()
        .deps.db.selectFrom('notes')
        .select('text')
        .where('document_id', '=', id)
        .where('kind', '=', 'system')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.text).toBe(`Deleted by ${world.noNotes.username}`);
    });
  });
});
