import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stageUpload } from '../stageUpload';
import type { StagedFile } from '../StagedFile';
import { viewerOf } from '../../access';
import { discardStagedFiles } from '../stagedFiles';
import { UploadAllowance } from '../uploadAllowance';
import type { AppDeps } from '../../services/AppDeps';
import { badRequest } from '../../http/HttpError';
import { matchIdempotentBody } from '../../http/plugins/idempotencyPlugin';

/** What the multipart parser (@fastify/busboy) says about a body that is not well-formed: the client's fault. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data)$/;

/** A parser error about the body's form becomes 400 in words (never 500); any other error stays itself. */
export function malformedMultipartOr(error: unknown): unknown {
  // Structural, not instanceof: Node's stream errors may come from another realm (jest's sandbox).
  if (typeof error !== 'object' || error === null || !('message' in error) || typeof error.message !== 'string') return error;
  // A file part whose body ends before its closing boundary: the part's stream closes early
  // (@fastify/multipart 9) or the parser says the data ended (10); the same words either way.
  const cutShort =
    ('code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE') || /unexpected end of multipart data$/i.test(error.message);
  if (!cutShort && !MALFORMED_MULTIPART.test(error.message)) return error;
  const why = cutShort ? 'it ended before its closing boundary' : error.message;
  return badRequest(`The upload is not a well-formed multipart/form-data body (${why}). Send the file again.`);
}

/** The digest of an upload's files for Idempotency-Key matching: names and content hashes, in order. */
function uploadDigest(staged: readonly StagedFile[]): string {
  return createHash('sha256')
    .update(JSON.stringify(staged.map((file) => [file.name, file.key])))
    .digest('hex');
}

/**
 * Streams the `file` parts of a multipart upload into the file store and checks each
 * (intake/stageUpload `stageUpload`), under the 'File Upload Size Limit' option per file, the
 * per-request total and the user's daily quota (intake/uploadAllowance: 413 in words, the stream
 * cut off where the limit is passed), for POST /api/documents and POST /api/queues/{id}/documents
 * alike. Resolves to null when a retry with the same Idempotency-Key was answered with the first
 * answer; else the staged files, held until the caller commits them (`committingStagedFiles`).
 * A refusal removes the files the request staged before it.
 */
export async function stageRequestFiles(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<StagedFile[] | null> {
  if (!request.isMultipart()) throw badRequest('The upload must be multipart/form-data with one or more file parts.');
  const allowance = await UploadAllowance.of(deps, viewerOf(request).userId);
  const staged: StagedFile[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const limit = allowance.limitFor();
      try {
        staged.push(await stageUpload(deps, part.filename, part.file, limit));
      } catch (error) {
        throw allowance.refusalOf(error, limit);
      }
      allowance.add(staged[staged.length - 1]?.size ?? 0);
    }
    if (staged.length === 0) throw badRequest('No file was sent.');
  } catch (error) {
    await discardStagedFiles(deps, staged);
    throw malformedMultipartOr(error);
  }
  if (await matchIdempotentBody(request, reply, uploadDigest(staged))) {
    // The first request's documents hold these bytes; only the hold ends.
    await discardStagedFiles(deps, staged);
    return null;
  }
  return staged;
}
