import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { DmsDocument } from '@datahaven/core/model';
import { createWorld } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { serverJobHandlers } from '../serverJobs';
import { JobRunner } from '../jobs/JobRunner';
import { THUMBNAIL_JOB } from './thumbnailJob';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { REPAIRED_PDF_KIND } from './pdfSourceKey';

/** A PDF whose pages say `words`, with a classic xref table (offsets a test can break). */
async function textPdf(pages: number, words: string, password?: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) pdf.addPage([595, 842]).drawText(`${words} page ${page}`, { x: 50, y: 700, size: 18, font });
  if (password !== undefined) pdf.encrypt({ userPassword: password, ownerPassword: `${password}-owner` });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** Breaks the file's tail: xref offsets point nowhere and the trailer names a catalog that does not exist. */
function breakXrefAndTrailer(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const xref = text.lastIndexOf('\nxref');
  const tail = text
    .slice(xref)
    .replace(/\d{10} 00000 n/g, '0000000999 00000 n')
    .replace(/\/Root \d+ 0 R/, '/Root 99 0 R')
    .replace(/startxref\s+\d+/, 'startxref\n17');
  return Buffer.from(text.slice(0, xref) + tail, 'latin1');
}

function form(name: string, content: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

describeOnEachDatabase('locked and damaged PDFs', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const as = (user: { username: string }) => server().authHeaders(user.username);
  const uploadUrl = (): string =>
    `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`;

  async function upload(name: string, content: Buffer): Promise<DmsDocument> {
    const response = await server().inject({ method: 'POST', url: uploadUrl(), headers: as(world.clerk), payload: form(name, content) });
    expect(response.statusCode).toBe(201);
    return response.json<DmsDocument[]>()[0];
  }

  async function jobStates(sha: string): Promise<Record<string, string>> {
    const rows = await server().deps.db.selectFrom('jobs').select(['kind', 'state', 'last_error']).where('subject', '=', sha).execute();
    return Object.fromEntries(rows.map((row) => [row.kind, row.state]));
  }

  async function shaOf(id: number): Promise<string> {
    return (await server().deps.db.selectFrom('documents').select('file_sha256').where('id', '=', id).executeTakeFirstOrThrow())
      .file_sha256;
  }

  it('a PDF with a broken xref and trailer is accepted: pages and text come from its repaired copy, the original is served as sent', async () => {
    const content = breakXrefAndTrailer(await textPdf(4, 'Mended folio'));
    const document = await upload('Damaged.pdf', content);
    expect(document.totalPages).toBe(4);
    const sha = await shaOf(document.id);
    const runner = new JobRunner(server().deps, { handlers: serverJobHandlers(server().deps) });
    await runner.runDueJobs();
    await runner.stop();

    const repaired = await server().deps.db.selectFrom('derived_files').select('kind').where('source_sha256', '=', sha).execute();
    expect(repaired.map((row) => row.kind)).toContain(REPAIRED_PDF_KIND);
    const text = await server().deps.db.selectFrom('file_texts').select('text').where('file_sha256', '=', sha).executeTakeFirstOrThrow();
    expect(text.text).toContain('Mended folio page 3');
    expect(await jobStates(sha)).toEqual({ [THUMBNAIL_JOB]: 'done', [TEXT_EXTRACTION_JOB]: 'done' });

    const thumbnail = await server().inject({ url: `/api/documents/${document.id}/pages/4/thumbnail`, headers: as(world.clerk) });
    expect(thumbnail.statusCode).toBe(200);
    const data = await server().inject({ url: `/api/documents/${document.id}/data`, headers: as(world.clerk) });
    expect(Buffer.compare(data.rawPayload, content)).toBe(0);
  });

  it('a password PDF uploads and lists; its thumbnail and text jobs end "protected", its thumbnail answers 409, its bytes stay as sent', async () => {
    const content = await textPdf(2, 'Locked ledger', 'open-sesame');
    const document = await upload('Locked.pdf', content);
    expect(document).toMatchObject({ name: 'Locked.pdf', extension: 'pdf', FileSize: content.length });
    const listed = await server().inject({ url: `/api/documents?docId[]=${document.id}`, headers: as(world.clerk) });
    expect(listed.json<DmsDocument[]>().map((d) => d.id)).toEqual([document.id]);

    const sha = await shaOf(document.id);
    const runner = new JobRunner(server().deps, { handlers: serverJobHandlers(server().deps) });
    await runner.runDueJobs();
    await runner.stop();
    expect(await jobStates(sha)).toEqual({ [THUMBNAIL_JOB]: 'protected', [TEXT_EXTRACTION_JOB]: 'protected' });

    const data = await server().inject({ url: `/api/documents/${document.id}/data`, headers: as(world.clerk) });
    expect(Buffer.compare(data.rawPayload, content)).toBe(0);
    const thumbnail = await server().inject({ url: `/api/documents/${document.id}/pages/1/thumbnail`, headers: as(world.clerk) });
    expect(thumbnail.statusCode).toBe(409);
    expect(thumbnail.json<{ message: string }>().message).toMatch(/protected by a password/);
  });
});
