import { CaptureAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import { documentIdParam } from '../../http/requestHelpers';
import type { AppDeps } from '../../services/AppDeps';
import { captureAnswerOf } from '../captureAnswerOf';

/**
 * The capture API: GET /api/documents/{id}/capture → the invoice facts read from the document
 * (capture/captureAnswerOf), under the same visibility as reading the document (404 otherwise).
 */
export function registerCaptureApi(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  app.get('/documents/:id/capture', { schema: { response: okAnswer(CaptureAnswer) } }, async (request): Promise<CaptureAnswer> => {
    const row = await visibleDocumentOr404(deps.db, viewerOf(request), documentIdParam(request));
    return captureAnswerOf(deps.db, row.id);
  });
}
