import { MailImportAnswer, createdAnswer } from '@datahaven/core/contract';
import type { MailImport } from '@datahaven/core/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stageUpload } from '../stageUpload';
import type { StagedFile } from '../StagedFile';
import { checkQueueImport } from '../checkQueueImport';
import { checkRecordUpload } from '../checkRecordUpload';
import { intakeDocuments } from '../intakeDocuments';
import type { IntakePlace } from '../IntakePlace';
import { discardStagedFiles, committingStagedFiles } from '../stagedFiles';
import { UploadAllowance } from '../uploadAllowance';
import { checkImportNote, findMailDuplicates } from '../importMailAttachments';
import type { MailOrigin } from '../importMailAttachments';
import { findVisibleDocuments, presentDocument, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { ErpDeps } from '../../erp';
import { HttpError, badRequest } from '../../http/HttpError';
import { matchIdempotentBody } from '../../http/plugins/idempotencyPlugin';
import { rateLimited } from '../../http/rateLimited';
import { recordContextOf } from '../../http/recordContextQuery';
import { queryInteger, queryOf } from '../../http/requestHelpers';
import { malformedMultipartOr } from './stageRequestFiles';

/** The form fields the pane sends beside the files. */
interface MailForm {
  origin: MailOrigin;
  note: string;
  staged: StagedFile[];
  /** What the form carried, for Idempotency-Key matching: the fields, and each part's kind, name and content hash in order (not the boundary). */
  digest: string;
}

const MAX_FIELD = 2000;

/** The place named by the query, checked as the upload (record) or the queue import does, before any byte is stored. */
async function placeOf(deps: ErpDeps, request: FastifyRequest, viewer: Viewer): Promise<IntakePlace> {
  const query = queryOf(request);
  const queueId = queryInteger(query, 'queueId');
  const context = recordContextOf(query);
  if (queueId !== undefined) {
    if (context.recordId !== undefined) throw badRequest('Name either a queue (queueId) or a record, not both.');
    return { kind: 'queue', queue: await checkQueueImport(deps.db, viewer, queueId) };
  }
  if (context.recordId === undefined || (context.sitId === undefined && context.tableId === undefined && context.typeName === undefined)) {
    throw badRequest('Name a queue (queueId) or a record (a record id and a type name, sit id or table id).');
  }
  const target = await checkRecordUpload(deps.db, viewer, context, queryInteger(query, 'subtypeId') ?? null);
  return { kind: 'record', target };
}

/** Streams the `file` parts (attachments) and the optional `message` part (the .eml/.msg itself) into the store; reads the text fields. */
async function readMailForm(deps: ErpDeps, request: FastifyRequest, viewer: Viewer): Promise<MailForm> {
  if (!request.isMultipart()) throw badRequest('The e-mail import must be multipart/form-data with file parts.');
  const allowance = await UploadAllowance.of(deps, viewer.userId);
  const fields = new Map<string, string>();
  const attachments: StagedFile[] = [];
  const messages: StagedFile[] = [];
  const parts: [string, string, string][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.length > MAX_FIELD && part.fieldname !== 'note') throw badRequest(`The field ${part.fieldname} is too long.`);
        fields.set(part.fieldname, value);
      } else if (part.fieldname === 'file' || part.fieldname === 'message') {
        const limit = allowance.limitFor();
        let staged: StagedFile;
        try {
          staged = await stageUpload(deps, part.filename, part.file, limit);
        } catch (error) {
          throw allowance.refusalOf(error, limit);
        }
        allowance.add(staged.size);
        (part.fieldname === 'file' ? attachments : messages).push(staged);
        parts.push([part.fieldname, staged.name, staged.key]);
      } else part.file.resume();
    }
    if (messages.length > 1) throw badRequest('Send at most one message part (the e-mail itself).');
    if (attachments.length === 0 && messages.length === 0) throw badRequest('No file was sent.');
    checkImportNote(fields.get('note') ?? '');
  } catch (error) {
    // A refused form keeps none of the files it staged before the refusal.
    await discardStagedFiles(deps, [...attachments, ...messages]);
    if (error instanceof HttpError) throw error;
    throw malformedMultipartOr(error);
  }
  const note = fields.get('note') ?? '';
  // The attachments first, then the kept message: documents are made in that order.
  const origin = { subject: fields.get('subject') ?? '', from: fields.get('from') ?? '' };
  const digest = createHash('sha256')
    .update(JSON.stringify([origin.subject, origin.from, note, parts]))
    .digest('hex');
  return { origin, note, staged: [...attachments, ...messages], digest };
}

async function importMail(deps: ErpDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const viewer = viewerOf(request);
  const place = await placeOf(deps, request, viewer);
  const form = await readMailForm(deps, request, viewer);
  return committingStagedFiles(deps, form.staged, () => fileMail(deps, request, reply, viewer, place, form));
}

/** Files a read form's staged files into `place` and answers; a refusal here (duplicates only, the commit) discards them. */
async function fileMail(
  deps: ErpDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: Viewer,
  place: IntakePlace,
  form: MailForm,
): Promise<FastifyReply> {
  // A retry with the first request's Idempotency-Key gets its answer, not a 409 "already in the queue".
  if (await matchIdempotentBody(request, reply, form.digest)) return reply;
  const duplicates = await findMailDuplicates(deps.db, place, form.staged);
  const skipped = new Set(duplicates.map((duplicate) => duplicate.index));
  const fresh = form.staged.filter((_file, index) => !skipped.has(index));
  if (fresh.length === 0) throw new HttpError(409, 'Conflict', duplicates.map((duplicate) => duplicate.message).join(' '));
  const ids = await intakeDocuments(deps, viewer, place, fresh, {
    mail: { origin: form.origin, note: form.note },
    onMatchWarning: (error, message) => request.log.warn({ err: error }, message),
  });
  const visible = new Set(
    (
      await findVisibleDocuments(
        deps.db,
        viewer,
        duplicates.flatMap((d) => (d.existingDocumentId === null ? [] : [d.existingDocumentId])),
      )
    ).map((row) => row.id),
  );
  const answer: MailImport = {
    documents: (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument),
    duplicates: duplicates.map((duplicate) => ({
      fileName: duplicate.fileName,
      documentId: duplicate.existingDocumentId !== null && visible.has(duplicate.existingDocumentId) ? duplicate.existingDocumentId : null,
      message: duplicate.message,
    })),
  };
  return reply.status(201).send(answer);
}

/**
 * `POST /api/mail-import?queueId=` or `?sitId=&recordId=&dataAreaId=&subtypeId=` (issue 15 item 4,
 * server part): an e-mail's attachments (`file` parts) and optionally the message itself
 * (`message` part) filed into a queue (as the queue import: unlinked, entry note and history) or a
 * record's folder (as the upload: linked, the table's import queue), each with the subject and
 * sender (`subject`, `from` fields) as description, a system note saying so, and the user's
 * `note` if written. A file already in that place (same SHA-256) is not imported again and is
 * named in `duplicates` in words; all of them duplicates → 409 in words. An Idempotency-Key
 * retry of the same form (the pane's try again after a lost answer) gets the first answer replayed.
 * Counted with the uploads a minute (429 past DATAHAVEN_RATE_LIMIT_UPLOADS).
 */
export function registerMailImportRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.post(
    '/mail-import',
    { schema: { response: createdAnswer(MailImportAnswer) }, config: rateLimited(deps.config.rateLimits.uploads) },
    (request, reply) => importMail(deps, request, reply),
  );
}
