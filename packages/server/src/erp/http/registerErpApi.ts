import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../ErpDeps';
import { registerAreaRoutes } from './areaRoutes';
import { registerEntityByPropertiesRoutes } from './entityByPropertiesRoutes';
import { registerEntityRoutes } from './entityRoutes';
import { registerEntityTypeAccessRoutes } from './entityTypeAccessRoutes';
import { registerEntityTypeRoutes } from './entityTypeRoutes';
import { registerEntityTypeTableRoutes } from './entityTypeTableRoutes';
import { registerEntityUrlRoutes } from './entityUrlRoutes';
import { registerRecordMetadataRoutes } from './recordMetadataRoutes';
import { registerSitRoutes } from './sitRoutes';
import { registerTableRoutes } from './tableRoutes';

/** Registers the erp module's /api routes: the ERP's records as the product sees them: integrated tables, entity types, entities, record metadata and URLs, data areas. */
export function registerErpApi(api: FastifyInstance, deps: ErpDeps): void {
  registerSitRoutes(api, deps);
  registerEntityTypeTableRoutes(api, deps);
  registerEntityByPropertiesRoutes(api, deps);
  registerEntityUrlRoutes(api, deps);
  registerEntityRoutes(api, deps);
  registerRecordMetadataRoutes(api, deps);
  registerEntityTypeAccessRoutes(api, deps);
  registerTableRoutes(api, deps);
  registerAreaRoutes(api, deps);
  registerEntityTypeRoutes(api, deps);
}
