import { NoteAnswer, NoteBody, NoteListAnswer, createdAnswer, okAnswer } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { Note } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { addUserNote, listNotes } from '../noteWriter';
import { findVisibleDocument, viewerHoldsAny, viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { forbidden, notFound } from '../../http/HttpError';
import { documentIdParam } from '../../http/requestHelpers';

/** GET /api/documents/{id}/notes (oldest first) and POST /api/documents/{id}/notes. */
export function registerNoteRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/notes', { schema: { response: okAnswer(NoteListAnswer) } }, async (request): Promise<Note[]> => {
    const id = documentIdParam(request);
    const viewer = viewerOf(request);
    if ((await findVisibleDocument(deps.db, viewer, id)) === undefined) throw notFound(MESSAGES.documentNotFound);
    if (!viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin'])) {
      throw forbidden("Reading notes needs 'Notes: View Only' or 'Notes: View Admin'.");
    }
    return listNotes(deps.db, id);
  });

  app.post('/documents/:id/notes', { schema: { body: NoteBody, response: createdAnswer(NoteAnswer) } }, async (request, reply) => {
    const id = documentIdParam(request);
    const viewer = viewerOf(request);
    if ((await findVisibleDocument(deps.db, viewer, id)) === undefined) throw notFound(MESSAGES.documentNotFound);
    if (!viewerHoldsAny(viewer, ['Notes: Add Only', 'Notes: View Admin'])) {
      throw forbidden("Adding notes needs 'Notes: Add Only' or 'Notes: View Admin'.");
    }
    const body = request.body as { text?: unknown } | null | undefined;
    const note = await addUserNote(deps.db, viewer, id, body?.text, deps.now());
    return reply.status(201).send(note);
  });
}
