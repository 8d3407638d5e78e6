/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { ApiError } from './ApiError';
import { MailImportAnswerUnreadable, mailImportApi } from './mailImportApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

const SETTINGS = { sitId: 3, canUpload: true, dataAreaIds: null, folders: [{ id: 12, text: 'Invoices', subtypeId: 22 }], queueId: 7 };
const pdf = (name: string): File => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('mailImportApi', () => {
  it("asks a table's import settings", async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, SETTINGS));
    const api = mailImportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getImportSettings(3)).resolves.toEqual(SETTINGS);
    expect(calls.map((call) => `${call.init.method ?? 'GET'} ${call.url}`)).toEqual(['GET /api/sits/3/importSettings']);
  });

  it('files into a queue: the attachments as file parts, the e-mail as the message part, subject, sender and note, under its Idempotency-Key', async () => {
    const answer = { documents: [{ id: 41 }], duplicates: [] };
    const { fetch, calls } = scriptedFetch(() => jsonResponse(201, answer));
    const api = mailImportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const message = new File(['From: ap@vendor.example'], 'Rechnung 4711.eml', { type: 'message/rfc822' });
    await expect(
      api.importMail(
        { queueId: 7 },
        {
          files: [pdf('a.pdf'), pdf('b.pdf')],
          message,
          subject: 'Rechnung 4711',
          from: 'Jane <ap@vendor.example>',
          note: 'Please approve.',
        },
        '"key-1"',
      ),
    ).resolves.toEqual(answer);
    const [call] = calls;
    expect([call.init.method, call.url]).toEqual(['POST', '/api/mail-import?queueId=7']);
    const headers = new Headers(call.init.headers);
    expect(headers.get('idempotency-key')).toBe('"key-1"');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    const form = call.init.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'file', 'message', 'subject', 'from', 'note']);
    expect((form.getAll('file') as File[]).map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);
    expect((form.get('message') as File).name).toBe('Rechnung 4711.eml');
    expect([form.get('subject'), form.get('from'), form.get('note')]).toEqual([
      'Rechnung 4711',
      'Jane <ap@vendor.example>',
      'Please approve.',
    ]);
  });

  it("files on a record's folder with the record context in the query, and leaves a blank note out", async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(201, { documents: [], duplicates: [] }),
      () => jsonResponse(201, { documents: [], duplicates: [] }),
    );
    const api = mailImportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.importMail(
      { sitId: 3, recordId: 'guid-10000', dataAreaId: 'CRONUS', subtypeId: 22 },
      { files: [pdf('a.pdf')], subject: '', from: 'ap@vendor.example', note: '  ' },
      '"key-2"',
    );
    await api.importMail({ sitId: 3, recordId: 'guid-10000' }, { files: [pdf('a.pdf')], subject: '', from: '' }, '"key-3"');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/mail-import?sitId=3&recordId=guid-10000&dataAreaId=CRONUS&subtypeId=22',
      '/api/mail-import?sitId=3&recordId=guid-10000',
    ]);
    expect([...(calls[0].init.body as FormData).keys()]).toEqual(['file', 'subject', 'from']);
  });

  it("rejects a refusal with the server's words, and an unreadable success as MailImportAnswerUnreadable (outcome unknown)", async () => {
    const message = "'a.pdf' is already in the queue AP Inbox; it was not imported again.";
    const { fetch } = scriptedFetch(
      () => jsonResponse(409, { statusCode: 409, exceptionType: 'Conflict', message }),
      () => new Response('{"documents": [', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const api = mailImportApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const parts = { files: [pdf('a.pdf')], subject: '', from: '' };
    const refused = await api.importMail({ queueId: 7 }, parts, '"k"').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, message, outcomeUnknown: false });
    const unreadable = await api.importMail({ queueId: 7 }, parts, '"k"').catch((error: unknown) => error);
    expect(unreadable).toBeInstanceOf(MailImportAnswerUnreadable);
    expect(unreadable).toMatchObject({ outcomeUnknown: true });
  });
});
