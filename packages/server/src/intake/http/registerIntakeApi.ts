import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerMailImportRoutes } from './mailImportRoutes';
import { registerQueueUploadRoutes } from './queueUploadRoutes';
import { registerUploadRoutes } from './uploadRoutes';

/** Registers the intake module's /api routes: documents arriving: the upload on a record (POST /api/documents), files dropped on a queue (POST /api/queues/{id}/documents), an e-mail's attachments (POST /api/mail-import). */
export function registerIntakeApi(api: FastifyInstance, deps: ErpDeps): void {
  registerUploadRoutes(api, deps);
  registerMailImportRoutes(api, deps);
  registerQueueUploadRoutes(api, deps);
}
