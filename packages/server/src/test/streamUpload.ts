import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One file part of a streamed multipart body: given bytes, or `size` bytes made as they are sent. */
export interface StreamedPart {
  name: string;
  content?: Buffer;
  size?: number;
}

/** What became of a streamed upload. */
export interface StreamedUpload {
  /** The answer's status, or 0 when the connection ended before an answer was read. */
  statusCode: number;
  body: string;
  /** Bytes of the body handed to the socket before it ended. */
  sentBytes: number;
  totalBytes: number;
  /** Whether the server ended the connection before the whole body was sent. */
  cutOff: boolean;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x41);

/**
 * POSTs a multipart/form-data body of `file` parts to the test server, producing each chunk only
 * when the socket takes it, and reports how much of it was sent before the server answered and
 * ended the connection — a server that reads (and drops) the rest has taken it all.
 */
export async function streamUpload(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  parts: readonly StreamedPart[],
): Promise<StreamedUpload> {
  const boundary = `----datahaven${Date.now().toString(16)}`;
  const head = (part: StreamedPart): Buffer =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const sizeOf = (part: StreamedPart): number => part.content?.length ?? part.size ?? 0;
  const totalBytes = parts.reduce((sum, part) => sum + head(part).length + sizeOf(part) + 2, tail.length);
  let sentBytes = 0;
  function* body(): Generator<Buffer> {
    for (const part of parts) {
      yield head(part);
      if (part.content !== undefined) yield part.content;
      else for (let left = part.size ?? 0; left > 0; left -= CHUNK.length) yield CHUNK.subarray(0, Math.min(left, CHUNK.length));
      yield Buffer.from('\r\n');
    }
    yield tail;
  }
  const url = new URL(path, baseUrl);
  const sending = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(totalBytes) },
  });
  const answered = new Promise<{ statusCode: number; body: string }>((resolveAnswer) => {
    let responded = false;
    sending.on('response', (response) => {
      responded = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolveAnswer({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => resolveAnswer({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    sending.on('close', () => {
      if (!responded) resolveAnswer({ statusCode: 0, body: '' });
    });
  });
  const counted = Readable.from(body()).on('data', (chunk: Buffer) => {
    sentBytes += chunk.length;
  });
  let cutOff = false;
  await pipeline(counted, sending).catch(() => {
    cutOff = true;
  });
  const answer = await answered;
  return { ...answer, sentBytes, totalBytes, cutOff: cutOff || sentBytes < totalBytes };
}
