import { EvidenceBody, HistoryVerificationAnswer, okAnswer } from '@datahaven/core/contract';
import type { EvidenceRequestBody } from '@datahaven/core/contract';
import type { HistoryVerification } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findVisibleDocument, viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { attachmentHeaders } from '../../http/attachmentHeaders';
import { notFound } from '../../http/HttpError';
import { documentIdParam } from '../../http/requestHelpers';
import { verifyWorkflowHistories } from '../../workflow';
import { evidencePacketOf } from '../evidencePacket';
import type { EvidencePacketFile } from '../evidencePacket';

function sendPacket(reply: FastifyReply, packet: EvidencePacketFile): FastifyReply {
  return attachmentHeaders(reply, packet.fileName, 'application/pdf').send(
    Buffer.from(packet.bytes.buffer, packet.bytes.byteOffset, packet.bytes.byteLength),
  );
}

/**
 * An auditor's evidence (issue 35 item 7):
 * - `GET /documents/{id}/history/verify` → `{ intact, rows, brokenAtRow?, message }`: the verdict of
 *   the document's history hash chain (a visible document, else 404).
 * - `GET /documents/{id}/evidence` → the document's evidence packet, one PDF (attachment
 *   "<name> - evidence.pdf").
 * - `POST /documents/evidence` `{ docIds }` (1–100) → one PDF with a section per document.
 * The packet's checks are evidence/evidencePacket's.
 */
export function registerEvidenceRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get(
    '/documents/:id/history/verify',
    { schema: { response: okAnswer(HistoryVerificationAnswer) } },
    async (request, reply): Promise<HistoryVerification> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      if ((await findVisibleDocument(deps.db, viewer, id)) === undefined) throw notFound(MESSAGES.documentNotFound);
      const verdict = (await verifyWorkflowHistories(deps.db, [id])).get(id);
      if (verdict === undefined) throw notFound(MESSAGES.documentNotFound);
      reply.header('Cache-Control', 'private, no-store');
      const { lastRowHash: _lastRowHash, ...answer } = verdict;
      return answer;
    },
  );

  app.get('/documents/:id/evidence', async (request, reply) =>
    sendPacket(reply, await evidencePacketOf(deps, viewerOf(request), [documentIdParam(request)])),
  );

  app.post<{ Body: EvidenceRequestBody }>('/documents/evidence', { schema: { body: EvidenceBody } }, async (request, reply) =>
    sendPacket(reply, await evidencePacketOf(deps, viewerOf(request), request.body.docIds)),
  );
}
