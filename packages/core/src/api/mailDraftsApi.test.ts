/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { mailDraftsApi } from './mailDraftsApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('mailDraftsApi', () => {
  it('posts the reply as JSON with the Graph credential headers beside the product bearer, and answers the draft', async () => {
    const draft = { draftId: 'draft-1', webLink: '/demo/graph/drafts/draft-1', attachments: [] };
    const { fetch, calls } = scriptedFetch(() => jsonResponse(201, draft));
    const api = mailDraftsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const request = { messageId: 'AAMkRest-read', documentIds: [41, 42], embedAnnotations: true, comment: 'See attached.' };
    // A credential header cannot replace the product's bearer.
    await expect(api.createReply(request, { 'X-Entra-Assertion': 'entra-token', Authorization: 'Bearer forged' })).resolves.toEqual(draft);
    const [call] = calls;
    expect([call.init.method, call.url]).toEqual(['POST', '/api/mail-drafts/reply']);
    expect(JSON.parse(String(call.init.body))).toEqual(request);
    const headers = new Headers(call.init.headers);
    expect(headers.get('x-entra-assertion')).toBe('entra-token');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it("rejects with the server's words", async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(413, { statusCode: 413, exceptionType: 'PayloadTooLarge', message: 'a.pdf is larger than a draft takes (150 MB).' }),
    );
    const api = mailDraftsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.createReply({ messageId: 'm', documentIds: [1], embedAnnotations: false }, {})).rejects.toMatchObject({
      status: 413,
      message: 'a.pdf is larger than a draft takes (150 MB).',
    });
  });
});
