/**
 * @jest-environment node
 */
// Node's own fetch, Response, FormData and Blob are the closest thing to a browser's here;
// jsdom has none of them.
import { SHOWN_LANGUAGE } from '../locale/shownLanguage';
import { MESSAGES } from '../rules';
import { ApiClient } from './ApiClient';
import { ApiError } from './ApiError';
import { CountingTokens, FakeXhr, flushPromises, hangingFetch, jsonResponse, scriptedFetch } from './test/fakes';

const unauthorized = (): Response => jsonResponse(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'Unauthorized' });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('ApiClient requests', () => {
  it('calls the /api base with the bearer token and parses JSON', async () => {
    const tokens = new CountingTokens();
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { id: 7 }));
    const client = new ApiClient({ tokens, fetch });
    await expect(client.get('/documents/7')).resolves.toEqual({ id: 7 });
    expect(calls[0].url).toBe('/api/documents/7');
    expect(calls[0].authorization).toBe('Bearer token-1');
    expect(tokens.requests).toEqual([{ forceRefresh: false }]);
  });

  it('repeats array query keys and leaves out empty values', () => {
    const client = new ApiClient({ tokens: new CountingTokens() });
    expect(client.url('/documents', { 'docId[]': [1, 2], asPdf: false, skip: undefined, q: null })).toBe(
      '/api/documents?docId%5B%5D=1&docId%5B%5D=2&asPdf=false',
    );
    expect(client.url('/api/documents/3/data?asPdf=true')).toBe('/api/documents/3/data?asPdf=true');
  });

  it('sends JSON bodies and reads an empty answer as null', async () => {
    const { fetch, calls } = scriptedFetch(() => new Response(null, { status: 204 }));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    await expect(client.put('/documents/1', { description: 'x' })).resolves.toBeNull();
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].init.body).toBe('{"description":"x"}');
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBe('application/json');
  });

  it('reads JSON null (a document without a link) as null', async () => {
    const { fetch } = scriptedFetch(() => jsonResponse(200, null));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    await expect(client.get('/documents/1/link')).resolves.toBeNull();
  });
});

describe('ApiClient 401 handling', () => {
  it('re-authenticates once and retries the call with the new token', async () => {
    const tokens = new CountingTokens();
    const { fetch, calls } = scriptedFetch(unauthorized, () => jsonResponse(200, [1]));
    const client = new ApiClient({ tokens, fetch });
    await expect(client.get('/options')).resolves.toEqual([1]);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(tokens.requests).toEqual([{ forceRefresh: false }, { forceRefresh: true }]);
  });

  it('retries exactly once, then fails with the 401', async () => {
    const tokens = new CountingTokens();
    const { fetch, calls } = scriptedFetch(unauthorized, unauthorized, () => jsonResponse(200, 'never'));
    const client = new ApiClient({ tokens, fetch });
    const error = await caught(client.get('/options'));
    expect(calls).toHaveLength(2);
    expect(error.status).toBe(401);
    expect(error.exceptionType).toBe('Unauthorized');
    expect(tokens.requests).toEqual([{ forceRefresh: false }, { forceRefresh: true }]);
  });

  it('resends the same body on the retry', async () => {
    const { fetch, calls } = scriptedFetch(unauthorized, () => jsonResponse(201, { id: 1 }));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    await client.post('/documents/5/notes', { text: 'hello' });
    expect(calls.map((c) => c.init.body)).toEqual(['{"text":"hello"}', '{"text":"hello"}']);
  });

  it('reports a host that cannot give a token as an auth error with the host message', async () => {
    const { fetch, calls } = scriptedFetch(unauthorized);
    let asked = 0;
    const tokens = {
      getToken: ({ forceRefresh }: { forceRefresh: boolean }): Promise<string> => {
        asked++;
        return forceRefresh ? Promise.reject(new Error('Message #4 timed out.')) : Promise.resolve('stale');
      },
    };
    const error = await caught(new ApiClient({ tokens, fetch }).get('/options'));
    expect(error.kind).toBe('auth');
    expect(error.display).toBe('alert');
    expect(error.message).toBe('Message #4 timed out.');
    expect(calls).toHaveLength(1);
    expect(asked).toBe(2);
  });

  it('does not retry other errors', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(403, { statusCode: 403, exceptionType: 'Forbidden', message: 'No.' }));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    expect((await caught(client.get('/can'))).status).toBe(403);
    expect(calls).toHaveLength(1);
  });
});

describe('ApiClient time-out', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives up after 10 s with a clear message', async () => {
    const { fetch } = hangingFetch();
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    const result = caught(client.get('/folder-structure'));
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(MESSAGES.requestTimedOut);
    expect(error.display).toBe('message');
  });

  it('clears the timer once the answer arrived', async () => {
    const { fetch } = scriptedFetch(() => jsonResponse(200, { ok: true }));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    await expect(client.get('/version')).resolves.toEqual({ ok: true });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('honours a per-call time-out and the caller abort', async () => {
    const { fetch } = hangingFetch();
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    const short = caught(client.get('/x', { timeoutMs: 50 }));
    await jest.advanceTimersByTimeAsync(50);
    expect((await short).kind).toBe('timeout');

    const controller = new AbortController();
    const aborted = caught(client.get('/x', { signal: controller.signal }));
    await flushPromises();
    controller.abort();
    const error = await aborted;
    expect(error.kind).toBe('aborted');
  });
});

describe('ApiClient error mapping', () => {
  const failWith = async (response: () => Response): Promise<ApiError> => {
    const { fetch } = scriptedFetch(response);
    return caught(new ApiClient({ tokens: new CountingTokens(), fetch }).get('/x'));
  };

  it('sends bodies with exceptionType to the exception banner with the server message', async () => {
    const error = await failWith(() =>
      jsonResponse(404, { statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.documentNotFound }),
    );
    expect(error.display).toBe('banner');
    expect(error.message).toBe(MESSAGES.documentNotFound);
    expect(error.exceptionType).toBe('NotFound');
  });

  it('raises an alert for bodies with responseType', async () => {
    const error = await failWith(() => jsonResponse(400, { statusCode: 400, responseType: 'Alert', message: 'Check this.' }));
    expect(error.display).toBe('alert');
    expect(error.message).toBe('Check this.');
  });

  it('raises an alert with the server message for 403 LicenseCountException', async () => {
    const error = await failWith(() =>
      jsonResponse(403, { statusCode: 403, exceptionType: 'LicenseCountException', message: 'All 5 licenses are in use.' }),
    );
    expect(error.display).toBe('alert');
    expect(error.message).toBe('All 5 licenses are in use.');
  });

  it("otherwise says 'Error {status}: {message}. Please try again later.'", async () => {
    const plain = await failWith(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    expect(plain.display).toBe('message');
    expect(plain.message).toBe('Error 502: Bad Gateway. Please try again later.');
    const bodyWithoutType = await failWith(() => jsonResponse(400, { statusCode: 400, message: 'Bad value' }));
    expect(bodyWithoutType.message).toBe('Error 400: Bad value. Please try again later.');
  });

  it('reports a failed connection as a network error', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await caught(new ApiClient({ tokens: new CountingTokens(), fetch }).get('/x'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(MESSAGES.serverUnreachable);
  });
});

describe('ApiClient and the language shown', () => {
  afterEach(() => SHOWN_LANGUAGE.show('en'));

  it('asks the server for its words in the language on screen: JSON calls, byte fetches and uploads alike', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, {}),
      () => new Response('abc', { status: 200 }),
      () => jsonResponse(200, {}),
    );
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      fetch,
      createXhr: () => {
        const xhr = new FakeXhr();
        xhrs.push(xhr);
        return xhr;
      },
    });
    await client.get('/options');
    SHOWN_LANGUAGE.show('de');
    await client.authorizedFetch('/documents/3/data');
    await client.post('/documents/3/notes', { text: 'x' }, { headers: { 'Accept-Language': 'fr' } });
    const upload = client.upload('/documents', new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), {});
    await flushPromises();
    xhrs[0].respond(200, []);
    await upload;
    expect(calls.map((call) => new Headers(call.init.headers).get('Accept-Language'))).toEqual(['en', 'de', 'fr']);
    expect(xhrs[0].headers['Accept-Language']).toBe('de');
  });
});

describe('ApiClient.authorizedFetch', () => {
  it('passes the bearer and the Range header and hands back the response', async () => {
    const { fetch, calls } = scriptedFetch(() => new Response('abc', { status: 206 }));
    const client = new ApiClient({ tokens: new CountingTokens(), fetch });
    const response = await client.authorizedFetch('/documents/3/data', { headers: { Range: 'bytes=0-2' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('abc');
    expect(calls[0].url).toBe('/api/documents/3/data');
    expect(new Headers(calls[0].init.headers).get('Range')).toBe('bytes=0-2');
    expect(calls[0].authorization).toBe('Bearer token-1');
  });

  it('retries once on 401 and maps errors', async () => {
    const { fetch, calls } = scriptedFetch(unauthorized, () =>
      jsonResponse(404, { statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.documentNotFound }),
    );
    const error = await caught(new ApiClient({ tokens: new CountingTokens(), fetch }).authorizedFetch('/api/documents/9/data'));
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(error.status).toBe(404);
    expect(error.display).toBe('banner');
  });
});

describe('ApiClient.upload', () => {
  const file = (): Blob => new File(['%PDF-1.7 hello'], 'invoice.pdf', { type: 'application/pdf' });

  it('posts multipart file parts with the bearer and reports progress', async () => {
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });
    const progress: { loaded: number; total: number }[] = [];
    const result = client.upload<{ id: number }[]>('/documents', file(), { recordId: 'r1' }, (p) => progress.push(p));
    await flushPromises();
    const xhr = xhrs[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/documents?recordId=r1');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    const part = xhr.sentBody?.get('file');
    expect(part instanceof File ? part.name : null).toBe('invoice.pdf');
    xhr.progress(7, 14);
    xhr.respond(201, [{ id: 11 }]);
    await expect(result).resolves.toEqual([{ id: 11 }]);
    expect(progress).toEqual([
      { loaded: 0, total: 14 },
      { loaded: 7, total: 14 },
      { loaded: 14, total: 14 },
    ]);
  });

  it('re-authenticates once on 401 and sends the file again', async () => {
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });
    const result = client.upload('/documents', file());
    await flushPromises();
    xhrs[0].respond(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'Unauthorized' });
    await flushPromises();
    expect(xhrs).toHaveLength(2);
    expect(xhrs[1].headers.Authorization).toBe('Bearer token-2');
    xhrs[1].respond(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'Unauthorized' });
    expect((await caught(result)).status).toBe(401);
    expect(xhrs).toHaveLength(2);
  });

  it('maps 415 to the server message and aborts with the signal', async () => {
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });
    const refused = client.upload('/documents', file());
    await flushPromises();
    xhrs[0].respond(415, { statusCode: 415, exceptionType: 'UnsupportedFileType', message: MESSAGES.unsupportedFileType });
    expect((await caught(refused)).message).toBe('Unsupported file type!');

    const controller = new AbortController();
    const cancelled = client.upload('/documents', file(), {}, undefined, controller.signal);
    await flushPromises();
    controller.abort();
    expect(xhrs[1].aborted).toBe(true);
    expect((await caught(cancelled)).kind).toBe('aborted');
  });

  it('sends an Idempotency-Key of its own with every upload, the same one on the 401 retry', async () => {
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });
    const first = client.upload('/documents', file());
    await flushPromises();
    xhrs[0].respond(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'Unauthorized' });
    await flushPromises();
    xhrs[1].respond(201, [{ id: 1 }]);
    await first;
    const second = client.upload('/documents', file());
    await flushPromises();
    xhrs[2].respond(201, [{ id: 2 }]);
    await second;
    const keys = xhrs.map((xhr) => xhr.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  const uploader = (xhrs: FakeXhr[], retryDelaysMs: readonly number[]): ApiClient =>
    new ApiClient({
      tokens: new CountingTokens(),
      retryDelaysMs,
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });

  it('sends a broken connection again with the same key (the answer may be lost after the server stored the file)', async () => {
    const xhrs: FakeXhr[] = [];
    const result = uploader(xhrs, [0]).upload<{ id: number }[]>('/documents', file());
    await flushPromises();
    xhrs[0].fail();
    await flushPromises();
    expect(xhrs).toHaveLength(2);
    expect(xhrs[1].headers['Idempotency-Key']).toBe(xhrs[0].headers['Idempotency-Key']);
    expect(xhrs[1].headers.Authorization).toBe('Bearer token-1');
    xhrs[1].respond(201, [{ id: 11 }]);
    await expect(result).resolves.toEqual([{ id: 11 }]);
  });

  it("waits out 409 'still being processed' and a gateway's 502/504 with the same key, as often as it has pauses", async () => {
    const xhrs: FakeXhr[] = [];
    const result = uploader(xhrs, [0, 0, 0]).upload<{ id: number }[]>('/documents', file());
    await flushPromises();
    xhrs[0].respond(504, 'Gateway Timeout');
    await flushPromises();
    xhrs[1].respond(409, { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.idempotencyKeyInProgress });
    await flushPromises();
    xhrs[2].respond(502, 'Bad Gateway');
    await flushPromises();
    xhrs[3].respond(201, [{ id: 12 }]);
    await expect(result).resolves.toEqual([{ id: 12 }]);
    expect(new Set(xhrs.map((xhr) => xhr.headers['Idempotency-Key'])).size).toBe(1);

    const stillBusy = uploader(xhrs, [0]).upload('/documents', file());
    await flushPromises();
    xhrs[4].respond(409, { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.idempotencyKeyInProgress });
    await flushPromises();
    xhrs[5].respond(409, { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.idempotencyKeyInProgress });
    await flushPromises();
    expect(xhrs).toHaveLength(6);
    const error = await caught(stillBusy);
    expect([error.status, error.message, error.outcomeUnknown]).toEqual([409, MESSAGES.idempotencyKeyInProgress, true]);
  });

  it('keeps asking at the last pause for two minutes while the first send is still being processed', async () => {
    jest.useFakeTimers();
    try {
      const xhrs: FakeXhr[] = [];
      const result = uploader(xhrs, [40_000]).upload('/documents', file());
      const outcome = caught(result);
      await flushPromises();
      // One send, its pause, then 120 s / 40 s = 3 more: five sends of one key.
      for (let sent = 1; sent <= 5; sent += 1) {
        expect(xhrs).toHaveLength(sent);
        xhrs[sent - 1].respond(409, { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.idempotencyKeyInProgress });
        await flushPromises();
        if (sent < 5) await jest.advanceTimersByTimeAsync(40_000);
      }
      expect((await outcome).message).toBe(MESSAGES.idempotencyKeyInProgress);
      expect(xhrs).toHaveLength(5);
      expect(new Set(xhrs.map((xhr) => xhr.headers['Idempotency-Key'])).size).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends a refusal (a duplicate 409, 413, 503, our own 502) once: nothing was stored', async () => {
    for (const [status, body] of [
      [409, { statusCode: 409, exceptionType: 'Conflict', message: 'The file is already in the queue.' }],
      [413, { statusCode: 413, exceptionType: 'PayloadTooLarge', message: 'Too large.' }],
      [503, { statusCode: 503, exceptionType: 'ServiceUnavailable', message: 'Busy.' }],
      [502, { statusCode: 502, exceptionType: 'GraphError', message: 'Microsoft Graph refused the draft.' }],
    ] as const) {
      const xhrs: FakeXhr[] = [];
      const result = uploader(xhrs, [0, 0]).upload('/documents', file());
      await flushPromises();
      xhrs[0].respond(status, body);
      await flushPromises();
      expect(xhrs).toHaveLength(1);
      const error = await caught(result);
      expect([error.status, error.outcomeUnknown]).toEqual([status, false]);
    }
  });

  it('reports a connection broken on every try as a network error, and a cancel during the pause as cancelled', async () => {
    const xhrs: FakeXhr[] = [];
    const result = uploader(xhrs, [0]).upload('/documents', file());
    await flushPromises();
    xhrs[0].fail();
    await flushPromises();
    xhrs[1].fail();
    expect((await caught(result)).kind).toBe('network');
    expect(xhrs).toHaveLength(2);

    const controller = new AbortController();
    const cancelled = uploader(xhrs, [60_000]).upload('/documents', file(), {}, undefined, controller.signal);
    await flushPromises();
    xhrs[2].fail();
    await flushPromises();
    controller.abort();
    expect((await caught(cancelled)).kind).toBe('aborted');
    expect(xhrs).toHaveLength(3);
  });
});
