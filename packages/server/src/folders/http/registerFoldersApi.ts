import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerFolderStructureRoutes } from './folderStructureRoutes';
import { registerRecordGroupMembershipRoutes } from './recordGroupMembershipRoutes';

/** Registers the folders module's /api routes: a record's folder tree (GET /api/folder-structure) and its record groups. */
export function registerFoldersApi(api: FastifyInstance, deps: ErpDeps): void {
  registerFolderStructureRoutes(api, deps);
  registerRecordGroupMembershipRoutes(api, deps);
}
