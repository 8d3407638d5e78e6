import { CreatedDocumentsAnswer, createdAnswer } from '@datahaven/core/contract';
import type { DmsDocument } from '@datahaven/core/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findVisibleDocuments, presentDocument, viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { badRequest } from '../../http/HttpError';
import { rateLimited } from '../../http/rateLimited';
import { recordContextOf } from '../../http/recordContextQuery';
import { queryInteger, queryOf } from '../../http/requestHelpers';
import { checkRecordUpload } from '../checkRecordUpload';
import { intakeDocuments } from '../intakeDocuments';
import { stageRequestFiles } from './stageRequestFiles';
import { committingStagedFiles } from '../stagedFiles';

/** Stores the uploaded files as documents on the record; null when a retry with the same Idempotency-Key was answered with the first answer. */
async function handleUpload(deps: ErpDeps, request: FastifyRequest, reply: FastifyReply): Promise<DmsDocument[] | null> {
  const query = queryOf(request);
  const context = recordContextOf(query);
  if (context.recordId === undefined || (context.sitId === undefined && context.tableId === undefined && context.typeName === undefined)) {
    throw badRequest('An upload needs a record id and a type name, sit id or table id.');
  }
  const viewer = viewerOf(request);
  const target = await checkRecordUpload(deps.db, viewer, context, queryInteger(query, 'subtypeId') ?? null);
  const staged = await stageRequestFiles(deps, request, reply);
  if (staged === null) return null;
  const ids = await committingStagedFiles(deps, staged, () => intakeDocuments(deps, viewer, { kind: 'record', target }, staged));
  return (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument);
}

/**
 * POST /api/documents?…record context…&subtypeId= (multipart `file` parts): the upload on a record
 * → 201 the created documents, linked to it (and in its table's import queue when one is set);
 * refused before any byte is stored when the caller may not upload there (400 / 403); 429 past
 * the caller's uploads a minute (DATAHAVEN_RATE_LIMIT_UPLOADS).
 */
export function registerUploadRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.post(
    '/documents',
    { schema: { response: createdAnswer(CreatedDocumentsAnswer) }, config: rateLimited(deps.config.rateLimits.uploads) },
    async (request, reply) => {
      const documents = await handleUpload(deps, request, reply);
      return documents === null ? reply : reply.status(201).send(documents);
    },
  );
}
