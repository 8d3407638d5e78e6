import { ExternalTableIdParams, IntegratedTableAnswer, TableTypeQuery, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors/DomainError';
import { findTableOfExternalId, viewerOf } from '../../access';
import type { IntegratedTableSummary } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { integerParam, queryInteger, queryOf } from '../../http/requestHelpers';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

/** Ours: no visible integrated table has the ERP table number (and kind). */
export function noTableOfId(tableId: number, sourceTypeId: number | undefined): string {
  return sourceTypeId === undefined
    ? `No integrated table has the ERP table ${tableId}.`
    : `No integrated table has the ERP table ${tableId} with source type ${sourceTypeId}.`;
}

/**
 * GET /api/tables/{id}/type?sourceTypeId= (embedded §7): the integrated table, with its entity type
 * name, of an ERP table number and record kind, as BC hands them to the add-in. Needs
 * 'Dynamics: Link to Existing'.
 */
export function registerTableRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/tables/:id/type',
    { schema: { params: ExternalTableIdParams, querystring: TableTypeQuery, response: okAnswer(IntegratedTableAnswer) } },
    async (request): Promise<IntegratedTableSummary> => {
      const viewer = viewerOf(request);
      assertMayReadErpTables(viewer);
      const tableId = integerParam(request, 'id');
      const sourceTypeId = queryInteger(queryOf(request), 'sourceTypeId');
      const table = await findTableOfExternalId(deps.db, viewer, tableId, sourceTypeId);
      if (table === undefined) throw notFound(noTableOfId(tableId, sourceTypeId));
      return table;
    },
  );
}
