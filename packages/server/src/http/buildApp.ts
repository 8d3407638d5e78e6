import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../services/AppDeps';
import { registerAuth } from '../auth/http/authPlugin';
import { registerErrorHandler } from './plugins/errorHandler';
import { registerIdempotency } from './plugins/idempotencyPlugin';
import { registerRequestValidation } from './plugins/requestValidation';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerWebHosting } from './plugins/webHosting';
import { registerOutlookPaneHosting } from './plugins/outlookPaneHosting';
import { ODATA_PREFIX, registerODataService } from './odata/registerODataService';
import { OpenApiRoutes } from './openapi/OpenApiRoutes';
import { registerAccessRoutes } from '../access/http/accessRoutes';
import { registerAreaRoutes } from '../erp/http/areaRoutes';
import { registerAnnotationRoutes } from '../documents/http/annotationRoutes';
import { registerApprovalRoutes } from '../workflow/http/approvalRoutes';
import { registerCanRoutes } from '../access/http/canRoutes';
import { registerCustomDataRoutes } from '../documents/http/customDataRoutes';
import { registerDocumentRoutes } from '../documents/http/documentRoutes';
import { registerEntityByPropertiesRoutes } from '../erp/http/entityByPropertiesRoutes';
import { registerEntityTypeRoutes } from '../erp/http/entityTypeRoutes';
import { registerEntityTypeAccessRoutes } from '../erp/http/entityTypeAccessRoutes';
import { registerRecordGroupMembershipRoutes } from '../folders/http/recordGroupMembershipRoutes';
import { registerEntityTypeTableRoutes } from '../erp/http/entityTypeTableRoutes';
import { registerEntityUrlRoutes } from '../erp/http/entityUrlRoutes';
import { registerEntityRoutes } from '../erp/http/entityRoutes';
import { registerExportRoutes } from '../documents/http/exportRoutes';
import { registerBase64Routes } from '../documents/http/base64Routes';
import { registerMailImportRoutes } from '../intake/http/mailImportRoutes';
import { registerMailDraftRoutes } from '../mail/http/mailDraftRoutes';
import { registerFolderStructureRoutes } from '../folders/http/folderStructureRoutes';
import { registerKeyRoutes } from '../auth/http/keyRoutes';
import { registerLinkRoutes } from '../linking/http/linkRoutes';
import { registerNewCardRoutes } from '../linking/http/newCardRoutes';
import { registerLockRoutes } from '../workflow/http/lockRoutes';
import { registerMergeRoutes } from '../documents/http/mergeRoutes';
import { registerNoteRoutes } from '../documents/http/noteRoutes';
import { registerOpenApiRoutes } from '../system/http/openApiRoutes';
import { registerOptionRoutes } from '../system/http/optionRoutes';
import { registerRecordMetadataRoutes } from '../erp/http/recordMetadataRoutes';
import { registerRecombinationRoutes } from '../documents/http/recombinationRoutes';
import { registerSearchRoutes } from '../search/http/searchRoutes';
import { registerSitRoutes } from '../erp/http/sitRoutes';
import { registerSplitRoutes } from '../documents/http/splitRoutes';
import { registerTableRoutes } from '../erp/http/tableRoutes';
import { registerSubtypeRoutes } from '../documents/http/subtypeRoutes';
import { registerTeamsSettingsRoutes } from '../auth/http/teamsSettingsRoutes';
import { registerTokenRoutes } from '../auth/http/tokenRoutes';
import { registerVersionRoutes } from '../system/http/versionRoutes';
import { registerWorkflowRoutes } from '../workflow/http/workflowRoutes';
import { registerQueueUploadRoutes } from '../intake/http/queueUploadRoutes';
import { registerWorkflowStructureRoutes } from '../workflow/http/workflowStructureRoutes';

/** Extra routes registered by the caller (the demo's host simulator pages). */
export type RouteRegistrar = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

/** Options of `buildApp`. */
export interface BuildAppOptions {
  /** Log (pino) from DATAHAVEN_LOG_LEVEL on, every request at `info`; off in tests. */
  logger?: boolean;
  /** More routes, e.g. `registerDemoRoutes` when the demo is on. */
  extraRoutes?: RouteRegistrar[];
}

/** Builds the Fastify app: /api web services, security headers, error bodies, dist/web hosting. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === true ? { level: deps.config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Path parameters are ids and option names; anything longer is refused.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  registerErrorHandler(app);
  registerRequestValidation(app);
  registerSecurityHeaders(app, deps.config.frameAncestors);
  registerAuth(app, deps);
  registerIdempotency(app, deps);
  await app.register(fastifyMultipart, {
    // The upload route enforces the 'File Upload Size Limit' option itself while streaming.
    limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 100, fields: 20, parts: 120, fieldSize: 64 * 1024 },
  });

  const openApiRoutes = new OpenApiRoutes();
  openApiRoutes.listen(app);
  await app.register(
    async (api) => {
      registerOpenApiRoutes(api, openApiRoutes);
      registerVersionRoutes(api, deps);
      registerTokenRoutes(api, deps);
      registerTeamsSettingsRoutes(api, deps);
      registerKeyRoutes(api, deps);
      registerOptionRoutes(api, deps);
      registerCanRoutes(api);
      registerFolderStructureRoutes(api, deps);
      registerSearchRoutes(api, deps);
      registerDocumentRoutes(api, deps);
      registerExportRoutes(api, deps);
      registerBase64Routes(api, deps);
      registerMailImportRoutes(api, deps);
      registerMailDraftRoutes(api, deps);
      registerNoteRoutes(api, deps);
      registerLinkRoutes(api, deps);
      registerNewCardRoutes(api, deps);
      registerSitRoutes(api, deps);
      registerEntityTypeTableRoutes(api, deps);
      registerEntityByPropertiesRoutes(api, deps);
      registerEntityUrlRoutes(api, deps);
      registerEntityRoutes(api, deps);
      registerRecordMetadataRoutes(api, deps);
      registerEntityTypeAccessRoutes(api, deps);
      registerRecordGroupMembershipRoutes(api, deps);
      registerTableRoutes(api, deps);
      registerAreaRoutes(api, deps);
      registerAccessRoutes(api, deps);
      registerSplitRoutes(api, deps);
      registerRecombinationRoutes(api, deps);
      registerMergeRoutes(api, deps);
      registerWorkflowRoutes(api, deps);
      registerQueueUploadRoutes(api, deps);
      registerWorkflowStructureRoutes(api, deps);
      registerLockRoutes(api, deps);
      registerApprovalRoutes(api, deps);
      registerAnnotationRoutes(api, deps);
      registerSubtypeRoutes(api, deps);
      registerCustomDataRoutes(api, deps);
      registerEntityTypeRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  await app.register(async (odata) => registerODataService(odata, deps), { prefix: ODATA_PREFIX });

  for (const register of options.extraRoutes ?? []) await register(app, deps);
  await registerOutlookPaneHosting(app, {
    webDir: deps.config.webDir,
    officeJs: deps.config.officeJs,
    entraAuthority: () => deps.config.entra.authority,
  });
  await registerWebHosting(app, deps.config.webDir);
  return app;
}
