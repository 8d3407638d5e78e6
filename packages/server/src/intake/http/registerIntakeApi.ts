import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp/ErpDeps';
import { registerMailImportRoutes } from './mailImportRoutes';
import { registerQueueUploadRoutes } from './queueUploadRoutes';

/** Registers the intake module's /api routes: documents arriving in a queue or from an e-mail: POST /api/queues/{id}/documents, /api/mail-import. */
export function registerIntakeApi(api: FastifyInstance, deps: ErpDeps): void {
  registerMailImportRoutes(api, deps);
  registerQueueUploadRoutes(api, deps);
}
