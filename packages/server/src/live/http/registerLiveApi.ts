import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { LiveHub } from '../LiveHub';
import { LIVE_STREAM_SETTINGS } from '../liveStream';
import { registerEventRoutes } from './eventRoutes';

/** Registers the live module's /api routes: GET /api/events; the change feed closes with the app. */
export function registerLiveApi(api: FastifyInstance, deps: AppDeps): void {
  const hub = new LiveHub(deps);
  registerEventRoutes(api, deps, hub, LIVE_STREAM_SETTINGS);
  api.addHook('preClose', (done) => {
    hub.endStreams();
    done();
  });
  api.addHook('onClose', () => hub.close());
}
