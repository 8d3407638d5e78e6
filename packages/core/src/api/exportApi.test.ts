/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { exportApi, fileNameOfDisposition } from './exportApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

function fileResponse(body: string, disposition: string | null, type = 'application/octet-stream'): Response {
  const headers = new Headers({ 'content-type': type });
  if (disposition !== null) headers.set('content-disposition', disposition);
  return new Response(body, { status: 200, headers });
}

describe('exportApi', () => {
  it('downloads one document, several as a zip, the printable PDF and the .eml draft on the spec paths', async () => {
    const { fetch, calls } = scriptedFetch(
      () => fileResponse('%PDF', `attachment; filename="Rechnung%20M%C3%A4rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`),
      () => fileResponse('PK', `attachment; filename="Documents.zip"; filename*=UTF-8''Documents.zip`, 'application/zip'),
      () => fileResponse('%PDF', 'inline; filename="a.pdf"', 'application/pdf'),
      () => fileResponse('From:', null, 'message/rfc822'),
    );
    const api = exportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.downloadDocument(7)).resolves.toMatchObject({ fileName: 'Rechnung März.pdf' });
    const zip = await api.downloadDocuments([7, 8], { embedAnnotations: true });
    expect(zip.fileName).toBe('Documents.zip');
    expect(await zip.blob.text()).toBe('PK');
    expect(await (await api.fetchPrintablePdf(7, { embedAnnotations: true })).text()).toBe('%PDF');
    await expect(api.downloadEmailDraft([7, 8], { embedAnnotations: false })).resolves.toMatchObject({ fileName: 'Documents.eml' });
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual([
      // No choice made: no embedAnnotations, so the server's configured default applies.
      '/api/documents/7/data?download=true&urlEncodeFileName=true',
      '/api/documents/data?docId[]=7&docId[]=8&embedAnnotations=true',
      '/api/documents/7/data?asPdf=true&embedAnnotations=true',
      '/api/email-link?docIds[]=7&docIds[]=8&embedAnnotations=false',
    ]);
    expect(calls.every((call) => new Headers(call.init.headers).get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it("fetches one document's evidence packet by GET and a selection's by POST with { docIds }, named by the server", async () => {
    const { fetch, calls } = scriptedFetch(
      () =>
        fileResponse(
          '%PDF',
          `attachment; filename="INV 42 - evidence.pdf"; filename*=UTF-8''INV%2042%20-%20evidence.pdf`,
          'application/pdf',
        ),
      () => fileResponse('%PDF', `attachment; filename="Evidence packet - 2 documents.pdf"`, 'application/pdf'),
      () => fileResponse('%PDF', null, 'application/pdf'),
    );
    const api = exportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const one = await api.downloadEvidencePacket(42);
    expect(one.fileName).toBe('INV 42 - evidence.pdf');
    expect(await one.blob.text()).toBe('%PDF');
    await expect(api.downloadEvidencePackets([42, 43])).resolves.toMatchObject({ fileName: 'Evidence packet - 2 documents.pdf' });
    await expect(api.downloadEvidencePackets([1, 2, 3])).resolves.toMatchObject({ fileName: 'Evidence packet - 3 documents.pdf' });
    expect(calls.map((call) => [call.init.method ?? 'GET', call.url])).toEqual([
      ['GET', '/api/documents/42/evidence'],
      ['POST', '/api/documents/evidence'],
      ['POST', '/api/documents/evidence'],
    ]);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ docIds: [42, 43] });
    expect(new Headers(calls[1].init.headers).get('content-type')).toBe('application/json');
    expect(calls.every((call) => new Headers(call.init.headers).get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it('creates a mailbox draft with a form body and the Graph token in its header, resolving to the URL', async () => {
    const { fetch, calls } = scriptedFetch(
      () => new Response('https://outlook.office365.com/owa/?ItemID=x\n', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    const api = exportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.createMailboxDraft([3, 4], 'graph-token')).resolves.toBe('https://outlook.office365.com/owa/?ItemID=x');
    const headers = new Headers(calls[0].init.headers);
    expect([calls[0].init.method, calls[0].url]).toEqual(['POST', '/api/email-link']);
    expect(headers.get('x-graph-token')).toBe('graph-token');
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(decodeURIComponent(String(calls[0].init.body))).toBe('docIds[]=3&docIds[]=4');
  });

  it('reads the server defaults and builds the e-mail link, leaving embedAnnotations out unless chosen', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, { embedAnnotations: true }),
      () => fileResponse('PK', null, 'application/zip'),
    );
    const api = exportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getDefaults()).resolves.toEqual({ embedAnnotations: true });
    await api.downloadDocuments([1, 2]);
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual(['/api/export/defaults', '/api/documents/data?docId[]=1&docId[]=2']);
    expect(decodeURIComponent(api.emailLinkUrl([5, 6]))).toBe('/api/email-link?docIds[]=5&docIds[]=6');
    expect(decodeURIComponent(api.emailLinkUrl([5], { embedAnnotations: true }))).toBe('/api/email-link?docIds[]=5&embedAnnotations=true');
  });

  it("a refused draft rejects with the server's message", async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(502, {
        statusCode: 502,
        exceptionType: 'GraphError',
        message: 'The mail draft could not be created: Access token is empty or invalid.',
      }),
    );
    const api = exportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.createMailboxDraft([3], 'expired')).rejects.toMatchObject({
      status: 502,
      message: 'The mail draft could not be created: Access token is empty or invalid.',
    });
  });

  it('reads RFC 6266 names, preferring filename*', () => {
    expect(fileNameOfDisposition(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%C3%9Fb.pdf`, 'x')).toBe('aßb.pdf');
    expect(fileNameOfDisposition('attachment; filename="plain.pdf"', 'x')).toBe('plain.pdf');
    expect(fileNameOfDisposition(null, 'fallback.zip')).toBe('fallback.zip');
  });
});
