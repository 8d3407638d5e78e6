import type { FastifyInstance } from 'fastify';
import { registerAccessApi } from './access';
import { registerCaptureApi } from './capture';
import { authenticateBearer, registerAuth, registerAuthApi } from './auth';
import { registerDocumentsApi } from './documents';
import { registerErpApi } from './erp';
import { registerEvidenceApi } from './evidence';
import { registerFoldersApi } from './folders';
import { buildApp } from './http/buildApp';
import type { RouteRegistrar } from './http/buildApp';
import type { ServerLifecycle } from './http/operations/ServerLifecycle';
import type { ServerMetrics } from './http/operations/ServerMetrics';
import type { LogDestination } from './http/redactSecrets';
import { registerIntakeApi } from './intake';
import { registerLinkingApi } from './linking';
import { registerLiveApi } from './live';
import { registerMailApi } from './mail';
import type { ServerDeps } from './openServices';
import { registerSearchApi } from './search';
import { PRODUCT_VERSION, registerSystemApi } from './system';
import { registerWorkflowApi, workflowComplexTypes, workflowEntitySets } from './workflow';

/** Options of `buildServerApp`. */
export interface BuildServerAppOptions {
  /** Log (pino) from DATAHAVEN_LOG_LEVEL on, every request at `info`; off in tests. */
  logger?: boolean;
  /** Where the log lines go (standard output unless a test collects them). */
  logDestination?: LogDestination;
  /** More routes at the root, e.g. the demo's host simulator pages. */
  extraRoutes?: readonly RouteRegistrar<ServerDeps>[];
  /** Whether the process is stopping (readiness answers 503 then). */
  lifecycle?: ServerLifecycle;
  /** Where requests are counted for GET /metrics (the operations port); none by default. */
  metrics?: ServerMetrics | null;
}

/**
 * The composition root's app: every module's /api routes, the data service with the workflow
 * module's entity sets, and the auth module's bearer check for both — assembled by http/buildApp,
 * which knows no module itself.
 */
export function buildServerApp(deps: ServerDeps, options: BuildServerAppOptions = {}): Promise<FastifyInstance> {
  return buildApp(deps, {
    logger: options.logger,
    logDestination: options.logDestination,
    extraRoutes: options.extraRoutes,
    lifecycle: options.lifecycle,
    metrics: options.metrics,
    registerAuthentication: registerAuth,
    api: [
      registerSystemApi,
      registerAuthApi,
      registerAccessApi,
      registerFoldersApi,
      registerSearchApi,
      registerDocumentsApi,
      registerIntakeApi,
      registerCaptureApi,
      registerMailApi,
      registerLinkingApi,
      registerErpApi,
      registerWorkflowApi,
      registerEvidenceApi,
      registerLiveApi,
    ],
    odata: {
      sets: workflowEntitySets(deps),
      complexTypes: workflowComplexTypes,
      authenticate: async (request) => (await authenticateBearer(deps, request)).viewer,
    },
    productVersion: PRODUCT_VERSION,
  });
}
