import { ParentFrameChannel, ParentFrameError } from './ParentFrameChannel';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method: string;
  path: string;
  body?: unknown;
}

function lastSent(w: TwoWindows): Sent {
  const last = w.posted[w.posted.length - 1];
  if (!last) throw new Error('nothing was posted');
  const value: unknown = JSON.parse(last.data);
  return value as Sent;
}

/** Answers the handshake the channel starts with, so the next post is the real request. */
async function handshake(w: TwoWindows): Promise<void> {
  const ready = lastSent(w);
  expect(ready).toMatchObject({ method: 'POST', path: '/ready' });
  w.deliver(JSON.stringify({ id: ready.id, status: 200 }));
  await Promise.resolve();
  await Promise.resolve();
}

describe('ParentFrameChannel', () => {
  let w: TwoWindows;
  let channel: ParentFrameChannel;
  const log = jest.fn();

  beforeEach(() => {
    w = createTwoWindows();
    log.mockReset();
    channel = new ParentFrameChannel(w.child, { allowedOrigins: [PARENT_ORIGIN], timeoutMs: 1000, log });
    channel.start();
  });

  afterEach(() => {
    channel.stop();
    w.dispose();
    jest.useRealTimers();
  });

  it('posts JSON strings to the parent origin only, never to "*"', async () => {
    const result = channel.request('GET', '/context');
    await handshake(w);
    expect(w.posted.length).toBe(2);
    for (const p of w.posted) {
      expect(typeof p.data).toBe('string');
      expect(p.targetOrigin).toBe(PARENT_ORIGIN);
    }
    const sent = lastSent(w);
    expect(sent.method).toBe('GET');
    expect(sent.path).toBe('/context');
    w.deliver(JSON.stringify({ id: sent.id, status: 200, body: { dataAreaId: 'CRONUS' } }));
    await expect(result).resolves.toEqual({ dataAreaId: 'CRONUS' });
  });

  it('gives each request its own id and matches answers by id, in any order', async () => {
    const first = channel.request('GET', '/context');
    await handshake(w);
    const second = channel.request('GET', '/user/token');
    await Promise.resolve();
    const [ready, a, b] = w.posted.map((p) => JSON.parse(p.data) as Sent);
    expect(new Set([ready.id, a.id, b.id]).size).toBe(3);
    w.deliver(JSON.stringify({ id: b.id, status: 200, body: 'token-b' }));
    w.deliver(JSON.stringify({ id: a.id, status: 200, body: { recordId: 'r' } }));
    await expect(second).resolves.toBe('token-b');
    await expect(first).resolves.toEqual({ recordId: 'r' });
  });

  it("fails an unanswered request with 'Message #n timed out.'", async () => {
    jest.useFakeTimers();
    const result = channel.request('GET', '/context');
    await handshake(w);
    const sent = lastSent(w);
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow(`Message #${sent.id} timed out.`);
  });

  it('fails the handshake itself with the time-out text when the parent never answers', async () => {
    jest.useFakeTimers();
    const result = channel.connect();
    const ready = lastSent(w);
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow(`Message #${ready.id} timed out.`);
  });

  it('ignores an answer from a foreign origin', async () => {
    jest.useFakeTimers();
    const result = channel.request('GET', '/context');
    await handshake(w);
    const sent = lastSent(w);
    w.deliver(JSON.stringify({ id: sent.id, status: 200, body: { recordId: 'evil' } }), 'https://evil.example');
    expect(log).toHaveBeenCalledWith('Ignored a message from a foreign origin.', 'https://evil.example');
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow(`Message #${sent.id} timed out.`);
  });

  it('ignores a message from a window other than the parent, even at the right origin', async () => {
    jest.useFakeTimers();
    const result = channel.request('GET', '/context');
    await handshake(w);
    const sent = lastSent(w);
    w.deliver(JSON.stringify({ id: sent.id, status: 200, body: { recordId: 'evil' } }), PARENT_ORIGIN, w.child);
    w.deliver(JSON.stringify({ id: sent.id, status: 200, body: { recordId: 'evil' } }), PARENT_ORIGIN, null);
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow(`Message #${sent.id} timed out.`);
  });

  it('ignores objects and malformed text: the wire format is a JSON string', async () => {
    jest.useFakeTimers();
    const result = channel.request('GET', '/context');
    await handshake(w);
    const sent = lastSent(w);
    w.deliver({ id: sent.id, status: 200, body: {} });
    w.deliver('{not json');
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow(`Message #${sent.id} timed out.`);
  });

  it('rejects with the status when the parent answers an error', async () => {
    const result = channel.request('POST', '/queue/upload', { id: 'u1' });
    await handshake(w);
    const sent = lastSent(w);
    expect(sent.body).toEqual({ id: 'u1' });
    w.deliver(JSON.stringify({ id: sent.id, status: 500, body: 'boom' }));
    await expect(result).rejects.toBeInstanceOf(ParentFrameError);
  });

  it("answers the parent's requests by id with a JSON string, 404 for unknown paths", async () => {
    const tokens: unknown[] = [];
    channel.on('PUT', '/user/token', (body) => {
      tokens.push(body);
    });
    w.deliver(JSON.stringify({ id: 7, method: 'PUT', path: '/user/token', body: 'abc.def' }));
    w.deliver(JSON.stringify({ id: 8, method: 'PUT', path: '/nowhere' }));
    await Promise.resolve();
    await Promise.resolve();
    expect(tokens).toEqual(['abc.def']);
    const answers = w.posted.map((p) => JSON.parse(p.data) as { id: number; status: number }).sort((a, b) => a.id - b.id);
    expect(answers).toEqual([
      { id: 7, status: 200 },
      { id: 8, status: 404 },
    ]);
    expect(w.posted.every((p) => p.targetOrigin === PARENT_ORIGIN)).toBe(true);
  });

  it('does not run a handler for a request from a foreign origin', async () => {
    const handler = jest.fn();
    channel.on('PUT', '/refresh', handler);
    w.deliver(JSON.stringify({ id: 1, method: 'PUT', path: '/refresh' }), 'https://evil.example');
    w.deliver(JSON.stringify({ id: 2, method: 'PUT', path: '/refresh' }), PARENT_ORIGIN, w.child);
    await Promise.resolve();
    expect(handler).not.toHaveBeenCalled();
    expect(w.posted).toEqual([]);
  });

  it('refuses a "*" entry in the allow-list', async () => {
    channel.stop();
    channel = new ParentFrameChannel(w.child, { allowedOrigins: ['*'], timeoutMs: 1000, log });
    channel.start();
    const handler = jest.fn();
    channel.on('PUT', '/refresh', handler);
    w.deliver(JSON.stringify({ id: 1, method: 'PUT', path: '/refresh' }), 'https://anyone.example');
    await Promise.resolve();
    expect(handler).not.toHaveBeenCalled();
    await expect(channel.request('GET', '/context')).rejects.toThrow('The parent frame origin is not allowed.');
    expect(w.posted).toEqual([]);
  });
});
