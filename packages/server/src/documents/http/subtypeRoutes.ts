import {
  DocumentAnswer,
  NewSubtypeBody,
  SubtypeAnswer,
  SubtypeChangeBody,
  SubtypeListAnswer,
  SubtypePageAnswer,
  SubtypeUpdateBody,
  createdAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import type { NewSubtypeRequest, SubtypeChangeRequest, SubtypeUpdateRequest } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { DmsDocument, Subtype, SubtypePage } from '@datahaven/core/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANGE_SUBTYPE_PRIVILEGE, changeDocumentSubtype, subtypeChangeOf } from '../documentSubtypeChanger';
import { createSubtype, newSubtypeOf, subtypeUpdateOf, updateSubtype } from '../subtypeWriter';
import { findVisibleDocument, presentDocument, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { badRequest, forbidden, notFound } from '../../http/HttpError';
import { documentIdParam, queryFlag, queryInteger, queryOf, queryString, integerParam } from '../../http/requestHelpers';
import { findSubtype, presentSubtype, readSubtypes, selectVisibleSubtypes, tableVisibleCondition } from '../subtypeQueries';
import type { SubtypeFilter } from '../subtypeQueries';

/** Largest page of GET /api/v2/subtype. */
export const MAX_SUBTYPE_PAGE = 500;

function filterOf(request: FastifyRequest): SubtypeFilter {
  const query = queryOf(request);
  const filter: SubtypeFilter = {};
  const sitId = queryInteger(query, 'sitId');
  if (sitId !== undefined) filter.sitId = sitId;
  const q = queryString(query, 'q');
  if (q !== undefined) {
    if (q.length > 200) throw badRequest('q is limited to 200 characters.');
    filter.q = q;
  }
  return filter;
}

/** 404 unless the viewer may see the integrated table (a table they cannot see looks missing). */
async function assertTableVisible(deps: AppDeps, viewer: Viewer, sitId: number): Promise<void> {
  const table = await deps.db
    .selectFrom('integrated_tables as t')
    .select('t.id')
    .where('t.id', '=', sitId)
    .where((eb) => tableVisibleCondition(eb, viewer))
    .executeTakeFirst();
  if (table === undefined) throw notFound('The integrated table was not found.');
}

async function assertManager(viewer: Viewer): Promise<void> {
  if (!viewer.isManager) throw forbidden("Changing subtypes needs the 'Security: Manager' privilege.");
}

/**
 * Subtypes (embedded §7 "Subtypes and integrated tables"): the listings (only tables the caller
 * may see), the administrators' create and change, and a document's subtype change.
 */
export function registerSubtypeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/subtype', { schema: { response: okAnswer(SubtypeListAnswer) } }, async (request): Promise<Subtype[]> => {
    const viewer = viewerOf(request);
    return (await readSubtypes(selectVisibleSubtypes(deps.db, viewer, filterOf(request)))).map(presentSubtype);
  });

  app.get('/v2/subtype', { schema: { response: okAnswer(SubtypePageAnswer) } }, async (request): Promise<SubtypePage> => {
    const viewer = viewerOf(request);
    const query = queryOf(request);
    const skip = queryInteger(query, 'skip') ?? 0;
    const take = queryInteger(query, 'take') ?? 30;
    if (skip < 0 || take < 1 || take > MAX_SUBTYPE_PAGE) throw badRequest(`skip must be 0 or more and take 1 to ${MAX_SUBTYPE_PAGE}.`);
    const base = selectVisibleSubtypes(deps.db, viewer, filterOf(request));
    const [rows, count] = await Promise.all([
      readSubtypes(base, { skip, take }),
      base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    return { subtypes: rows.map(presentSubtype), total: Number(count?.total ?? 0), skip, take };
  });

  app.get('/documents/type/:id/subtypes', { schema: { response: okAnswer(SubtypeListAnswer) } }, async (request): Promise<Subtype[]> => {
    const sitId = integerParam(request, 'id');
    const viewer = viewerOf(request);
    await assertTableVisible(deps, viewer, sitId);
    // modify=true asks for the subtypes the caller may change a document to: none without the privilege.
    if (queryFlag(queryOf(request), 'modify') && !viewer.privileges.has(CHANGE_SUBTYPE_PRIVILEGE)) return [];
    return (await readSubtypes(selectVisibleSubtypes(deps.db, viewer, { sitId }))).map(presentSubtype);
  });

  app.get('/sits/:id/subtypes', { schema: { response: okAnswer(SubtypeListAnswer) } }, async (request): Promise<Subtype[]> => {
    const sitId = integerParam(request, 'id');
    const viewer = viewerOf(request);
    await assertTableVisible(deps, viewer, sitId);
    return (await readSubtypes(selectVisibleSubtypes(deps.db, viewer, { sitId }))).map(presentSubtype);
  });

  app.post<{ Body: NewSubtypeRequest }>(
    '/subtypes',
    { schema: { body: NewSubtypeBody, response: createdAnswer(SubtypeAnswer) } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await assertManager(viewer);
      const id = await createSubtype(deps, newSubtypeOf(request.body));
      const row = await findSubtype(deps.db, id);
      if (row === undefined) throw notFound('The subtype was not found.');
      return reply.status(201).send(presentSubtype(row));
    },
  );

  app.put<{ Body: SubtypeUpdateRequest }>(
    '/integrated-tables/:sitId/subtypes/:id',
    { schema: { body: SubtypeUpdateBody, response: okAnswer(SubtypeAnswer) } },
    async (request): Promise<Subtype> => {
      const sitId = integerParam(request, 'sitId');
      const id = integerParam(request, 'id');
      const viewer = viewerOf(request);
      await assertManager(viewer);
      await updateSubtype(deps, sitId, id, subtypeUpdateOf(request.body));
      const row = await findSubtype(deps.db, id);
      if (row === undefined) throw notFound('The subtype was not found.');
      return presentSubtype(row);
    },
  );

  app.put<{ Body: SubtypeChangeRequest }>(
    '/documents/:id/subtype',
    { schema: { body: SubtypeChangeBody, response: okAnswer(DocumentAnswer) } },
    async (request): Promise<DmsDocument> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      const row = await findVisibleDocument(deps.db, viewer, id);
      if (row === undefined) throw notFound(MESSAGES.documentNotFound);
      await changeDocumentSubtype(deps, viewer, row, subtypeChangeOf(request.body));
      const updated = await findVisibleDocument(deps.db, viewer, id);
      if (updated === undefined) throw notFound(MESSAGES.documentNotFound);
      return presentDocument(updated);
    },
  );
}
