import {
  ImportSettingsAnswer,
  IntegratedTableListAnswer,
  SitIdParams,
  SitListQuery,
  SitNewCardQuery,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, invalid, notFound } from '../../errors/DomainError';
import { listIntegratedTables, readImportSettings, viewerOf } from '../../access';
import type { ImportSettings, IntegratedTableSummary } from '../../access';
import type { ErpDeps } from '../ErpDeps';
import { integerParam, queryFlag, queryOf, queryString } from '../../http/requestHelpers';

/** Picking the table of a record to link to is part of Link to Existing (embedded §6, Dynamics privileges). */
export const SIT_LINK_PRIVILEGE = 'Dynamics: Link to Existing';

/** What a user without it reads. */
export const SIT_LINK_REFUSED = `Listing the tables documents link to needs the '${SIT_LINK_PRIVILEGE}' privilege.`;

/** The tables a new card can be made in are offered only to those who may make one. */
export const SIT_NEW_CARD_PRIVILEGE = 'Dynamics: New Card From Document';

/** What a user without it reads. */
export const SIT_NEW_CARD_REFUSED = `Listing the tables a new card can be made in needs the '${SIT_NEW_CARD_PRIVILEGE}' privilege.`;

/** Import settings say where an upload goes: for those who may import documents. */
export const SIT_IMPORT_PRIVILEGE = 'Cabinet: Import Documents';

/** What a user without it reads. */
export const SIT_IMPORT_REFUSED = `The import settings need the '${SIT_IMPORT_PRIVILEGE}' privilege.`;

/** The longest filterName taken, as the subtype listings' q. */
const MAX_FILTER_NAME = 200;

// The answer schemas hold every field the queries answer: the serialiser drops what they lack.
const tablesMatch: AnswerMatches<typeof IntegratedTableListAnswer, IntegratedTableSummary[]> = true;
const settingsMatch: AnswerMatches<typeof ImportSettingsAnswer, ImportSettings> = true;
void tablesMatch;
void settingsMatch;

function filterNameOf(request: FastifyRequest): string | undefined {
  const filterName = queryString(queryOf(request), 'filterName');
  if (filterName !== undefined && filterName.length > MAX_FILTER_NAME)
    throw invalid(`filterName is limited to ${MAX_FILTER_NAME} characters.`);
  return filterName;
}

/**
 * GET /api/sits (filterName, allowRecordLinking), GET /api/sits/allowsNewCard (filterName) and
 * GET /api/sits/{id}/importSettings (embedded §7 "Subtypes and integrated tables"): the product's
 * integrated tables the caller may see, and where an upload on one's records goes.
 */
export function registerSitRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get(
    '/sits',
    { schema: { querystring: SitListQuery, response: okAnswer(IntegratedTableListAnswer) } },
    async (request): Promise<IntegratedTableSummary[]> => {
      const viewer = viewerOf(request);
      if (!viewer.privileges.has(SIT_LINK_PRIVILEGE)) throw forbidden(SIT_LINK_REFUSED);
      const filterName = filterNameOf(request);
      // allowRecordLinking: a table is linkable when its records can be read, i.e. its prefix has a source.
      const prefixes = queryFlag(queryOf(request), 'allowRecordLinking') ? deps.entitySources.prefixes : undefined;
      return listIntegratedTables(deps.db, viewer, { filterName, prefixes });
    },
  );

  app.get(
    '/sits/allowsNewCard',
    { schema: { querystring: SitNewCardQuery, response: okAnswer(IntegratedTableListAnswer) } },
    async (request): Promise<IntegratedTableSummary[]> => {
      const viewer = viewerOf(request);
      if (!viewer.privileges.has(SIT_NEW_CARD_PRIVILEGE)) throw forbidden(SIT_NEW_CARD_REFUSED);
      return listIntegratedTables(deps.db, viewer, {
        filterName: filterNameOf(request),
        allowNewCard: true,
        prefixes: deps.entitySources.prefixes,
      });
    },
  );

  app.get(
    '/sits/:id/importSettings',
    { schema: { params: SitIdParams, response: okAnswer(ImportSettingsAnswer) } },
    async (request): Promise<ImportSettings> => {
      const viewer = viewerOf(request);
      if (!viewer.privileges.has(SIT_IMPORT_PRIVILEGE)) throw forbidden(SIT_IMPORT_REFUSED);
      const settings = await readImportSettings(deps.db, viewer, integerParam(request, 'id'));
      if (settings === undefined) throw notFound('The integrated table was not found.');
      return settings;
    },
  );
}
