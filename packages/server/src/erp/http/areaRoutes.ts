import { DataAreaAnswer, DataAreaIdParams, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { findDataArea } from '../erpSystemQueries';
import type { DataArea } from '../erpSystemQueries';
import type { ErpDeps } from '../ErpDeps';
import { viewerOf } from '../../access';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

// The answer schema holds every field of the query's answer: the serialiser drops what it lacks.
const areaMatches: AnswerMatches<typeof DataAreaAnswer, DataArea> = true;
void areaMatches;

/**
 * GET /api/areas/{id} (embedded §7): a data area (company) of a configured ERP, from its company
 * list (cached by the connector). Needs 'Dynamics: Link to Existing'; the ERP down → 503 in words.
 */
export function registerAreaRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { id: string } }>(
    '/areas/:id',
    { schema: { params: DataAreaIdParams, response: okAnswer(DataAreaAnswer) } },
    async (request) => {
      assertMayReadErpTables(viewerOf(request));
      return findDataArea(deps.entitySources, request.params.id);
    },
  );
}
