import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../../storage/FileStore';
import type { FileStore } from '../../storage/FileStore';
import { contentDisposition } from '../../http/contentDisposition';

/** What to send: a stored file with its exact media type and the name users see. */
export interface StoredFileAnswer {
  key: string;
  size: number;
  mediaType: string;
  fileName: string;
  attachment: boolean;
  urlEncodeFileName: boolean;
}

/** Parses a single-range `Range` header against `size`; 'ignore' for multi-range or unparsable, 'unsatisfiable' when outside. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'ignore' | 'unsatisfiable' {
  if (header === undefined) return 'ignore';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return 'ignore';
  const [, startText, endText] = match;
  if (startText === '' && endText === '') return 'ignore';
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file: ETag (its sha256), conditional 304, `Accept-Ranges: bytes`, a single
 * `Range` → 206, exact Content-Type, `sandbox` CSP (content never runs in our origin), and
 * RFC 6266 Content-Disposition.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  fileStore: FileStore,
  answer: StoredFileAnswer,
): Promise<FastifyReply> {
  const etag = `"${answer.key}"`;
  reply
    .header('ETag', etag)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, no-cache')
    .header('Content-Security-Policy', 'sandbox')
    .header('Content-Disposition', contentDisposition(answer.fileName, answer.attachment, answer.urlEncodeFileName))
    .type(answer.mediaType);
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = typeof ifRange === 'string' && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, answer.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${answer.size}`)
      .type('text/plain; charset=utf-8')
      .send('Range Not Satisfiable');
  }
  if (range === 'ignore') {
    reply.header('Content-Length', answer.size);
    if (request.method === 'HEAD') return reply.status(200).send();
    return reply.status(200).send(await fileStore.openRead(answer.key));
  }
  reply.header('Content-Range', `bytes ${range.start}-${range.end}/${answer.size}`).header('Content-Length', range.end - range.start + 1);
  if (request.method === 'HEAD') return reply.status(206).send();
  return reply.status(206).send(await fileStore.openRead(answer.key, range));
}
