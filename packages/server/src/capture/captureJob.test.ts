import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPTURE_FIELD_NAMES } from '@datahaven/core/contract';
import type { CaptureAnswer } from '@datahaven/core/contract';
import type { DmsDocument } from '@datahaven/core/model';
import { createWorld, makePdf } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { extractPageText } from '../pdf/pageText';
import { buildFacturXPdf } from '../einvoice/test/buildFacturXPdf';
import { EINVOICE_FIXTURES, fixtureBytes } from '../einvoice/test/einvoiceFixtures';
import { CAPTURE_JOB } from './enqueueCapture';

const NOT_FOUND = 'The document was not found. It has either been moved or deleted.';

describeOnEachDatabase('capture: e-invoices read exactly, GET /api/documents/{id}/capture', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  /** Uploads files on the world's record as POST /api/documents does; resolves to the new documents. */
  async function upload(name: string, content: Buffer, type: string): Promise<DmsDocument> {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(content)], { type }), name);
    const response = await server().inject({
      method: 'POST',
      url: `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: server().authHeaders(world.clerk.username),
      payload: data,
    });
    expect(response.statusCode).toBe(201);
    return response.json<DmsDocument[]>()[0];
  }

  async function capture(id: number, username = world.clerk.username): Promise<{ status: number; answer: CaptureAnswer }> {
    const response = await server().inject({ url: `/api/documents/${id}/capture`, headers: server().authHeaders(username) });
    return { status: response.statusCode, answer: response.json<CaptureAnswer>() };
  }

  async function pdfText(bytes: Buffer): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'capture-view-'));
    try {
      const path = join(dir, 'view.pdf');
      await writeFile(path, bytes);
      return await extractPageText(path, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it.each(EINVOICE_FIXTURES.map((fixture) => [fixture.file, fixture] as const))(
    '%s uploaded → InProgress, then the job reads it → Complete, source einvoice, every fact exact with score 1',
    async (_file, fixture) => {
      const document = await upload(fixture.file, fixtureBytes(fixture.file), 'application/xml');
      expect(document).toMatchObject({ extension: 'xml', mediaType: 'application/xml' });
      expect((await capture(document.id)).answer).toMatchObject({ phase: 'InProgress', source: null });

      await server().runJobs([CAPTURE_JOB]);

      const { status, answer } = await capture(document.id);
      expect(status).toBe(200);
      expect(answer).toEqual({
        phase: 'Complete',
        source: 'einvoice',
        fields: fixture.fields,
        scores: Object.fromEntries(Object.keys(fixture.fields).map((name) => [name, 1])),
        error: null,
      });
      // The spec's AI data: the phase, and the invoice number as transaction number with its score.
      const ai = await server()
        .deps.db.selectFrom('documents')
        .select(['ai_classification_phase', 'ai_transaction_number', 'ai_transaction_number_score'])
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(ai).toEqual({
        ai_classification_phase: 'Complete',
        ai_transaction_number: fixture.fields.invoiceNumber,
        ai_transaction_number_score: 1,
      });
    },
  );

  it('a Factur-X PDF/A-3 (CII embedded as factur-x.xml, an associated file) is read from its attachment', async () => {
    const cii = fixtureBytes('cii-invoice.xml');
    const pdf = await buildFacturXPdf(cii, { visibleLines: ['Papeterie Lumière SARL', 'Facture F-2026-1187', 'Total TTC 438,38 EUR'] });
    const document = await upload('Facture F-2026-1187.pdf', pdf, 'application/pdf');
    await server().runJobs([CAPTURE_JOB]);
    const expected = EINVOICE_FIXTURES.find((fixture) => fixture.file === 'cii-invoice.xml');
    const { answer } = await capture(document.id);
    expect(answer).toMatchObject({ phase: 'Complete', source: 'einvoice', fields: expected?.fields, error: null });
  });

  it('a ZUGFeRD PDF whose zugferd-invoice.xml is only in the EmbeddedFiles name tree is read too', async () => {
    const xml = fixtureBytes('xrechnung-cii.xml');
    const pdf = await buildFacturXPdf(xml, { fileName: 'zugferd-invoice.xml', visibleLines: ['Rechnung 2026-1142'], associated: false });
    const document = await upload('Rechnung 2026-1142.pdf', pdf, 'application/pdf');
    await server().runJobs([CAPTURE_JOB]);
    const { answer } = await capture(document.id);
    expect(answer.phase).toBe('Complete');
    expect(answer.fields.invoiceNumber).toBe('2026-1142');
    expect(answer.fields.totalAmount).toBe(3474.8);
  });

  it('a PDF that is not an e-invoice stays NotStarted once the job ran (no facts made up)', async () => {
    const document = await upload('Scan 0001.pdf', await makePdf(1, 'Invoice 4711 total 100.00'), 'application/pdf');
    await server().runJobs([CAPTURE_JOB]);
    const jobs = await server()
      .deps.db.selectFrom('jobs')
      .select('state')
      .where('kind', '=', CAPTURE_JOB)
      .where('subject', '=', String(document.id))
      .execute();
    expect(jobs.map((job) => job.state)).toEqual(['done']);
    const { answer } = await capture(document.id);
    expect(answer).toMatchObject({ phase: 'NotStarted', source: null, scores: {}, error: null });
    expect(Object.values(answer.fields).every((value) => value === null)).toBe(true);
  });

  it('a malformed e-invoice → Error with the reason in words; its view is not offered, the XML still downloads', async () => {
    const whole = fixtureBytes('ubl-invoice.xml');
    const cut = whole.subarray(0, whole.indexOf('<cac:InvoiceLine>'));
    const document = await upload('INV-2026-0412-cut.xml', cut, 'application/xml');
    await server().runJobs([CAPTURE_JOB]);
    const { answer } = await capture(document.id);
    expect(answer.phase).toBe('Error');
    expect(answer.source).toBe('einvoice');
    expect(answer.error).toMatch(/^The XML is not well-formed: .+ \(line \d+\)\.$/);
    expect(answer.fields.invoiceNumber).toBeNull();
    const ai = await server()
      .deps.db.selectFrom('documents')
      .select('ai_classification_phase')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(ai.ai_classification_phase).toBe('Error');

    const view = await server().inject({ url: `/api/documents/${document.id}/view`, headers: server().authHeaders(world.clerk.username) });
    expect(view.json<{ viewable: boolean }>().viewable).toBe(false);
    const data = await server().inject({ url: `/api/documents/${document.id}/data`, headers: server().authHeaders(world.clerk.username) });
    expect(data.rawPayload.equals(cut)).toBe(true);
  });

  it('an uploaded XML e-invoice is viewed as an invoice page (a PDF made from it); the original XML stays downloadable', async () => {
    const xml = fixtureBytes('xrechnung-ubl.xml');
    const document = await upload('RE-2026-03315.xml', xml, 'application/xml');
    const headers = server().authHeaders(world.clerk.username);
    const view = await server().inject({ url: `/api/documents/${document.id}/view`, headers });
    expect(view.statusCode).toBe(200);
    expect(view.json<{ dataUrl: string; viewable: boolean }>()).toMatchObject({
      dataUrl: `/api/documents/${document.id}/data?asPdf=true`,
      viewable: true,
    });
    const rendition = await server().inject({ url: `/api/documents/${document.id}/data?asPdf=true`, headers });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(rendition.rawPayload);
    for (const fact of [
      'RE-2026-03315',
      '1267.35 EUR',
      '2026-11-12',
      '2026-12-12',
      'DE123456789',
      'Stadtverwaltung Musterstadt',
      'LED-Panel 62 x 62 cm, 40 W',
      '202.35',
    ]) {
      expect(text).toContain(fact);
    }
    const original = await server().inject({ url: `/api/documents/${document.id}/data?download=true`, headers });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/xml');
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(original.rawPayload.equals(xml)).toBe(true);
  });

  it('the OpenAPI document describes the capture answer', async () => {
    const response = await server().inject({ url: '/api/openapi.json', headers: server().authHeaders(world.clerk.username) });
    type Operation = {
      parameters?: { name: string }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    const operation = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths['/api/documents/{id}/capture']?.get;
    expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(['id']);
    const schema = operation?.responses['200'].content?.['application/json'].schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(['phase', 'source', 'fields', 'scores', 'error', 'vendorMatch', 'recordMatch']);
    const fields = schema?.properties?.fields as { properties: Record<string, unknown> };
    expect(Object.keys(fields.properties)).toEqual([...CAPTURE_FIELD_NAMES]);
  });

  it('any other XML is refused at upload as before', async () => {
    const data = new FormData();
    data.append('file', new Blob(['<?xml version="1.0"?><order><id>7</id></order>'], { type: 'application/xml' }), 'order.xml');
    const response = await server().inject({
      method: 'POST',
      url: `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: server().authHeaders(world.clerk.username),
      payload: data,
    });
    expect(response.statusCode).toBe(415);
  });

  it("answers 404 in the spec's words for a document the caller cannot see, as reading the document does", async () => {
    const document = await upload('CN-2026-0057.xml', fixtureBytes('ubl-credit-note.xml'), 'application/xml');
    await server().runJobs([CAPTURE_JOB]);
    const hidden = await server().inject({
      url: `/api/documents/${document.id}/capture`,
      headers: server().authHeaders(world.outsider.username),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ message: string }>().message).toBe(NOT_FOUND);
    const read = await server().inject({ url: `/api/documents/${document.id}`, headers: server().authHeaders(world.outsider.username) });
    expect(read.statusCode).toBe(404);
    const missing = await capture(99_999_999);
    expect(missing.status).toBe(404);
    expect((await capture(document.id)).status).toBe(200);
  });
});
