import type { FastifyInstance } from 'fastify';
import { registerAccessApi } from './access/http/registerAccessApi';
import { authenticateBearer, registerAuth } from './auth/http/authPlugin';
import { registerAuthApi } from './auth/http/registerAuthApi';
import { registerDocumentsApi } from './documents/http/registerDocumentsApi';
import { registerErpApi } from './erp/http/registerErpApi';
import { registerFoldersApi } from './folders/http/registerFoldersApi';
import { buildApp } from './http/buildApp';
import type { RouteRegistrar } from './http/buildApp';
import { registerIntakeApi } from './intake/http/registerIntakeApi';
import { registerLinkingApi } from './linking/http/registerLinkingApi';
import { registerMailApi } from './mail/http/registerMailApi';
import type { ServerDeps } from './openServices';
import { registerSearchApi } from './search/http/registerSearchApi';
import { registerSystemApi } from './system/http/registerSystemApi';
import { PRODUCT_VERSION } from './system/http/versionRoutes';
import { workflowEntitySets } from './workflow/odata/workflowEntitySets';
import { registerWorkflowApi } from './workflow/http/registerWorkflowApi';

/** Options of `buildServerApp`. */
export interface BuildServerAppOptions {
  /** Log (pino) from DATAHAVEN_LOG_LEVEL on, every request at `info`; off in tests. */
  logger?: boolean;
  /** More routes at the root, e.g. the demo's host simulator pages. */
  extraRoutes?: readonly RouteRegistrar<ServerDeps>[];
}

/**
 * The composition root's app: every module's /api routes, the data service with the workflow
 * module's entity sets, and the auth module's bearer check for both — assembled by http/buildApp,
 * which knows no module itself.
 */
export function buildServerApp(deps: ServerDeps, options: BuildServerAppOptions = {}): Promise<FastifyInstance> {
  return buildApp(deps, {
    logger: options.logger,
    extraRoutes: options.extraRoutes,
    registerAuthentication: registerAuth,
    api: [
      registerSystemApi,
      registerAuthApi,
      registerAccessApi,
      registerFoldersApi,
      registerSearchApi,
      registerDocumentsApi,
      registerIntakeApi,
      registerMailApi,
      registerLinkingApi,
      registerErpApi,
      registerWorkflowApi,
    ],
    odata: {
      sets: workflowEntitySets(deps),
      authenticate: async (request) => (await authenticateBearer(deps, request)).viewer,
    },
    productVersion: PRODUCT_VERSION,
  });
}
