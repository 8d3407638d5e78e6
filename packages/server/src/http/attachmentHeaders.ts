import type { FastifyReply } from 'fastify';
import { contentDisposition } from './contentDisposition';

/** The headers of a file the browser saves (SECURITY row 4: exact type, nosniff, attachment, RFC 6266 name). */
export function attachmentHeaders(reply: FastifyReply, fileName: string, mediaType: string): FastifyReply {
  return reply
    .header('Content-Disposition', contentDisposition(fileName, true, false))
    .header('Content-Security-Policy', 'sandbox')
    .header('Cache-Control', 'private, no-store')
    .type(mediaType);
}
