import { VersionAnswer, okAnswer } from '@datahaven/core/contract';
import { BUILD } from '@datahaven/core/model';
import type { VersionInfo } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';

/** Product version reported by GET /api/version. */
export const PRODUCT_VERSION = '0.1.0';

/** GET /api/version (no token needed). */
export function registerVersionRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/version',
    { schema: { response: okAnswer(VersionAnswer) } },
    async (): Promise<VersionInfo> => ({
      version: PRODUCT_VERSION,
      build: BUILD.buildLabel,
      schemaVersion: deps.schemaVersion,
    }),
  );
}
