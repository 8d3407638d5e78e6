import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerEvidenceRoutes } from './evidenceRoutes';

/** Registers the evidence module's /api routes: a document's history verdict and evidence packets. */
export function registerEvidenceApi(api: FastifyInstance, deps: ErpDeps): void {
  registerEvidenceRoutes(api, deps);
}
