import { EntitySystemAnswer, EntityTypeNameParams, IntegratedTableAnswer, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { entitySystemOf, integratedTableOfType } from '../erpSystemQueries';
import type { EntitySystem } from '../erpSystemQueries';
import { forbidden } from '../../errors/DomainError';
import { viewerOf } from '../../access';
import type { IntegratedTableSummary, Viewer } from '../../access';
import type { ErpDeps } from '../ErpDeps';

/** Which table and ERP hold a record, and the ERP's companies, are read on the way to a link (Link to Existing). */
export const ERP_TABLE_PRIVILEGE = 'Dynamics: Link to Existing';

/** What a user without it reads. */
export const ERP_TABLE_REFUSED = `Reading the ERP's tables and companies needs the '${ERP_TABLE_PRIVILEGE}' privilege.`;

/** The viewer, refused (403) without ERP_TABLE_PRIVILEGE. */
export function assertMayReadErpTables(viewer: Viewer): void {
  if (!viewer.privileges.has(ERP_TABLE_PRIVILEGE)) throw forbidden(ERP_TABLE_REFUSED);
}

// The answer schemas hold every field the queries answer: the serialiser drops what they lack.
const tableMatches: AnswerMatches<typeof IntegratedTableAnswer, IntegratedTableSummary> = true;
const systemMatches: AnswerMatches<typeof EntitySystemAnswer, EntitySystem> = true;
void tableMatches;
void systemMatches;

/**
 * GET /api/entity-types/{name}/sit (the integrated table of the type's records) and
 * GET /api/entity-types/{name}/system (the ERP serving it), embedded §7 "Folders, entities,
 * metadata". Both need 'Dynamics: Link to Existing'.
 */
export function registerEntityTypeTableRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entity-types/:name/sit',
    { schema: { params: EntityTypeNameParams, response: okAnswer(IntegratedTableAnswer) } },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayReadErpTables(viewer);
      return integratedTableOfType(deps.db, deps.entitySources, viewer, request.params.name);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/entity-types/:name/system',
    { schema: { params: EntityTypeNameParams, response: okAnswer(EntitySystemAnswer) } },
    async (request) => {
      assertMayReadErpTables(viewerOf(request));
      return entitySystemOf(deps.entitySources, request.params.name);
    },
  );
}
