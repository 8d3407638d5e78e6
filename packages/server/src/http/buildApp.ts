import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../services/AppDeps';
import { registerAuth } from './plugins/authPlugin';
import { registerErrorHandler } from './plugins/errorHandler';
import { registerIdempotency } from './plugins/idempotencyPlugin';
import { registerRequestValidation } from './plugins/requestValidation';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerWebHosting } from './plugins/webHosting';
import { registerOutlookPaneHosting } from './plugins/outlookPaneHosting';
import { ODATA_PREFIX, registerODataService } from './odata/registerODataService';
import { OpenApiRoutes } from './openapi/OpenApiRoutes';
import { registerAccessRoutes } from './routes/access/accessRoutes';
import { registerAreaRoutes } from './routes/areas/areaRoutes';
import { registerAnnotationRoutes } from './routes/annotations/annotationRoutes';
import { registerApprovalRoutes } from './routes/approvals/approvalRoutes';
import { registerCanRoutes } from './routes/can/canRoutes';
import { registerCustomDataRoutes } from './routes/custom-data/customDataRoutes';
import { registerDocumentRoutes } from './routes/documents/documentRoutes';
import { registerEntityByPropertiesRoutes } from './routes/entity-types/entityByPropertiesRoutes';
import { registerEntityTypeRoutes } from './routes/entity-types/entityTypeRoutes';
import { registerEntityTypeAccessRoutes } from './routes/entity-type-access/entityTypeAccessRoutes';
import { registerRecordGroupMembershipRoutes } from './routes/record-group-memberships/recordGroupMembershipRoutes';
import { registerEntityTypeTableRoutes } from './routes/entity-types/entityTypeTableRoutes';
import { registerEntityUrlRoutes } from './routes/entity-types/entityUrlRoutes';
import { registerEntityRoutes } from './routes/entities/entityRoutes';
import { registerExportRoutes } from './routes/export/exportRoutes';
import { registerBase64Routes } from './routes/base64/base64Routes';
import { registerMailImportRoutes } from './routes/mail-import/mailImportRoutes';
import { registerMailDraftRoutes } from './routes/mail/mailDraftRoutes';
import { registerFolderStructureRoutes } from './routes/folder-structure/folderStructureRoutes';
import { registerKeyRoutes } from './routes/keys/keyRoutes';
import { registerLinkRoutes } from './routes/link/linkRoutes';
import { registerNewCardRoutes } from './routes/new-card/newCardRoutes';
import { registerLockRoutes } from './routes/locks/lockRoutes';
import { registerMergeRoutes } from './routes/merge/mergeRoutes';
import { registerNoteRoutes } from './routes/notes/noteRoutes';
import { registerOpenApiRoutes } from './routes/openapi/openApiRoutes';
import { registerOptionRoutes } from './routes/options/optionRoutes';
import { registerRecordMetadataRoutes } from './routes/entity-types/recordMetadataRoutes';
import { registerRecombinationRoutes } from './routes/recombination/recombinationRoutes';
import { registerSearchRoutes } from './routes/search/searchRoutes';
import { registerSitRoutes } from './routes/sits/sitRoutes';
import { registerSplitRoutes } from './routes/split/splitRoutes';
import { registerTableRoutes } from './routes/tables/tableRoutes';
import { registerSubtypeRoutes } from './routes/subtypes/subtypeRoutes';
import { registerTeamsSettingsRoutes } from './routes/integration/teamsSettingsRoutes';
import { registerTokenRoutes } from './routes/token/tokenRoutes';
import { registerVersionRoutes } from './routes/version/versionRoutes';
import { registerWorkflowRoutes } from './routes/workflow/workflowRoutes';
import { registerQueueUploadRoutes } from './routes/queue-upload/queueUploadRoutes';
import { registerWorkflowStructureRoutes } from './routes/workflow-structure/workflowStructureRoutes';

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
