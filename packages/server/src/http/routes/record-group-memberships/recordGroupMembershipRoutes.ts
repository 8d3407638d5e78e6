import { RecordGroupIdParams, RecordGroupMembershipAnswer, RecordGroupMembershipBody, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, RecordGroupMembershipRequest } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../errors/DomainError';
import { restrictionOf } from '../../../policies/dataAreaRestriction';
import type { Viewer } from '../../../policies/documentVisibility';
import type { AppDeps } from '../../../services/AppDeps';
import { integerParam, viewerOf } from '../../requestHelpers';
import { deleteRecordGroup, resolveGroupRecords, saveRecordGroup } from './recordGroups';
import type { RecordGroupMembership } from './recordGroups';

/** Grouping records ties their documents together, as a link does: Link to Existing. */
export const RECORD_GROUP_PRIVILEGE = 'Dynamics: Link to Existing';

/** What a user without it reads. */
export const RECORD_GROUP_REFUSED = `Grouping records needs the '${RECORD_GROUP_PRIVILEGE}' privilege.`;

// The answer schema holds every field of the group: the serialiser drops what it lacks.
const groupMatches: AnswerMatches<typeof RecordGroupMembershipAnswer, RecordGroupMembership> = true;
void groupMatches;

function assertMayGroup(viewer: Viewer): void {
  if (!viewer.privileges.has(RECORD_GROUP_PRIVILEGE)) throw forbidden(RECORD_GROUP_REFUSED);
}

/**
 * PUT /api/record-group-memberships (body source and records; embedded §7) creates a record group,
 * or replaces the records of `recordGroupMembershipId`; DELETE /api/record-group-memberships/{id}
 * removes one. Each member's folder tree then shows the other members' documents (related
 * records). Needs 'Dynamics: Link to Existing'; every record is read from the ERP first; under
 * RestrictToDataAreaId (the body's docId or queueId) the records must be of the caller's company.
 */
export function registerRecordGroupMembershipRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.put<{ Body: RecordGroupMembershipRequest }>(
    '/record-group-memberships',
    { schema: { body: RecordGroupMembershipBody, response: okAnswer(RecordGroupMembershipAnswer) } },
    async (request): Promise<RecordGroupMembership> => {
      const viewer = await viewerOf(request, deps);
      assertMayGroup(viewer);
      const body = request.body;
      const restriction = await restrictionOf(deps.db, viewer, { docId: body.docId, queueId: body.queueId, currentCompany: body.dataAreaId });
      const records = await resolveGroupRecords(deps.db, deps.entitySources, viewer, body.source, body.records, restriction);
      return saveRecordGroup(deps.db, viewer, body.recordGroupMembershipId, body.source, records, new Date().toISOString());
    },
  );

  app.delete('/record-group-memberships/:id', { schema: { params: RecordGroupIdParams } }, async (request, reply) => {
    const viewer = await viewerOf(request, deps);
    assertMayGroup(viewer);
    await deleteRecordGroup(deps.db, integerParam(request, 'id'));
    return reply.code(204).send();
  });
}
