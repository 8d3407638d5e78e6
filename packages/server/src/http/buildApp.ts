import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../services/AppDeps';
import { redactingDestination } from './redactSecrets';
import type { LogDestination } from './redactSecrets';
import { registerErrorHandler } from './plugins/errorHandler';
import { registerHostAllowList } from './plugins/hostAllowList';
import { registerIdempotency } from './plugins/idempotencyPlugin';
import { registerRateLimits } from './plugins/registerRateLimits';
import { registerRequestCaller } from './plugins/requestCaller';
import { registerRequestLanguage } from './plugins/requestLanguage';
import { registerRequestValidation } from './plugins/requestValidation';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerWebHosting } from './plugins/webHosting';
import { registerOutlookPaneHosting } from './plugins/outlookPaneHosting';
import type { ODataCaller } from './odata/EntitySetDefinition';
import { ODATA_PREFIX, registerODataService } from './odata/registerODataService';
import type { ODataService } from './odata/registerODataService';
import { registerHealthRoutes } from './operations/registerHealthRoutes';
import { registerRequestTelemetry } from './operations/registerRequestTelemetry';
import { ServerLifecycle } from './operations/ServerLifecycle';
import type { ServerMetrics } from './operations/ServerMetrics';
import { registerOpenApiDocumentRoute } from './openapi/openApiDocumentRoute';
import { OpenApiRoutes } from './openapi/OpenApiRoutes';

/** Routes registered at the root by the caller (the demo's host simulator pages). */
export type RouteRegistrar<D> = (app: FastifyInstance, deps: D) => Promise<void> | void;

/** One module's /api routes, registered under the `/api` prefix. */
export type ApiRoutes<D> = (api: FastifyInstance, deps: D) => void;

/** What the composition root puts into the app: the modules' routes, their data-service sets and how callers are authenticated. */
export interface BuildAppOptions<D extends AppDeps, C extends ODataCaller> {
  /** Log (pino) from DATAHAVEN_LOG_LEVEL on, every request at `info`; off in tests. */
  logger?: boolean;
  /** Where the log lines go (standard output unless a test collects them); every line is redacted first. */
  logDestination?: LogDestination;
  /** The bearer-token check of /api (an `onRequest` hook setting `request.callerId`), registered before any route. */
  registerAuthentication: (app: FastifyInstance, deps: D) => void;
  /** Every module's /api routes. */
  api: readonly ApiRoutes<D>[];
  /** The OData data service at /odata/v1: its entity sets and its callers' authentication. */
  odata: ODataService<C>;
  /** The product version the OpenAPI document names. */
  productVersion: string;
  /** More routes at the root, e.g. `registerDemoRoutes` when the demo is on. */
  extraRoutes?: readonly RouteRegistrar<D>[];
  /** Whether the process is stopping (readiness answers 503 then); a lifecycle of its own unless given. */
  lifecycle?: ServerLifecycle;
  /** Where requests are counted for GET /metrics; none when the operations port is off. */
  metrics?: ServerMetrics | null;
}

/**
 * A public URL on port 0 (a server told to listen on any free port, as tests and the e2e demo
 * server are) names no reachable address: once listening, it becomes the loopback address the
 * server listens on, so links (OData's) and the Host allow-list name the real port.
 */
function settlePublicUrlOnListen(app: FastifyInstance, config: AppDeps['config']): void {
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address === null || typeof address === 'string' || new URL(config.publicUrl).port !== '0') return;
    config.publicUrl = `http://127.0.0.1:${address.port}`;
  });
}

/**
 * Assembles the Fastify app from what the composition root hands it: the health probes and
 * request telemetry (http/operations), error bodies, request
 * validation, security headers, authentication, rate limits, Idempotency-Key, multipart, the modules' /api
 * routes and GET /api/openapi.json, the data service, the Outlook pane and dist/web hosting. It
 * knows no module: `buildServerApp` (the composition root) lists them.
 */
export async function buildApp<D extends AppDeps, C extends ODataCaller>(
  deps: D,
  options: BuildAppOptions<D, C>,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === true
        ? { level: deps.config.logLevel, stream: redactingDestination(options.logDestination ?? process.stdout) }
        : false,
    bodyLimit: 1024 * 1024,
    // Only the proxies the operator names (DATAHAVEN_TRUSTED_PROXIES): anyone else's X-Forwarded-For is a claim, not an address.
    trustProxy: deps.config.trustedProxies.length > 0 ? [...deps.config.trustedProxies] : false,
    // Path parameters are ids and option names; anything longer is refused.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  const { config } = deps;
  settlePublicUrlOnListen(app, config);
  // First: a request to a Host that is not ours (DNS rebinding) reaches no route, the demo's included.
  registerHostAllowList(app, { publicUrl: () => config.publicUrl, extraHosts: config.allowedHosts, port: config.port });
  registerRequestTelemetry(app, options.metrics ?? null);
  registerHealthRoutes(app, {
    db: deps.db,
    dialect: deps.dialect,
    fileStore: deps.fileStore,
    lifecycle: options.lifecycle ?? new ServerLifecycle(),
    onCheckFailed: (check, error) => app.log.warn({ err: error, check }, 'readiness check failed'),
  });
  registerRequestLanguage(app);
  registerErrorHandler(app);
  registerRequestValidation(app);
  registerSecurityHeaders(app, { frameAncestors: config.frameAncestors, publicUrl: () => config.publicUrl });
  registerRequestCaller(app);
  options.registerAuthentication(app, deps);
  // After authentication: a limited route counts a signed-in caller as its user, not its address.
  await registerRateLimits(app);
  registerIdempotency(app, deps);
  await app.register(fastifyMultipart, {
    // The upload route enforces the 'File Upload Size Limit' option itself while streaming.
    limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 100, fields: 20, parts: 120, fieldSize: 64 * 1024 },
  });

  const openApiRoutes = new OpenApiRoutes();
  openApiRoutes.listen(app);
  await app.register(
    async (api) => {
      registerOpenApiDocumentRoute(api, openApiRoutes, options.productVersion);
      for (const register of options.api) register(api, deps);
    },
    { prefix: '/api' },
  );

  await app.register(async (odata) => registerODataService(odata, deps, options.odata), { prefix: ODATA_PREFIX });

  for (const register of options.extraRoutes ?? []) await register(app, deps);
  await registerOutlookPaneHosting(app, {
    webDir: deps.config.webDir,
    officeJs: deps.config.officeJs,
    entraAuthority: () => deps.config.entra.authority,
  });
  await registerWebHosting(app, deps.config.webDir);
  return app;
}
