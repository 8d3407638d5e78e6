import { RecordGroupIdParams, RecordGroupMembershipAnswer, RecordGroupMembershipBody, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, RecordGroupMembershipRequest } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { forbidden, notFound } from '../../../errors/DomainError';
import { ownDataAreaOf, queueRestricts, restrictionOf, sameCompany } from '../../../policies/dataAreaRestriction';
import { queuesVisibleToSql, type Viewer } from '../../../policies/documentVisibility';
import type { AppDeps } from '../../../services/AppDeps';
import { integerParam, viewerOf } from '../../requestHelpers';
import { RECORD_GROUP_NOT_FOUND, deleteRecordGroup, resolveGroupRecords, saveRecordGroup } from './recordGroups';
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

/** What a user reads who neither made the group nor holds 'Security: Manager'. */
export const RECORD_GROUP_NOT_YOURS = "Only the user who made a record group, or a holder of 'Security: Manager', can delete it.";

/** What a user held to one company reads when the group holds a record of another (ours). */
export function groupOfOtherCompanyRefusal(company: string, recordDataAreaId: string): string {
  return `You work in queues restricted to ${company}: you cannot delete a record group holding a record of ${recordDataAreaId}.`;
}

/**
 * The company a caller is held to when deleting a group, which names no document or queue: their
 * own (users.data_area_id) when they can see the documents of any queue with RestrictToDataAreaId —
 * the group's related records show in that queue's folder trees. Null: not restricted.
 */
async function heldToCompany(db: Kysely<Database>, viewer: Viewer): Promise<string | null> {
  const own = await ownDataAreaOf(db, viewer);
  if (own === null) return null;
  const queues = await db.selectFrom('queues').select('features2').where('id', 'in', queuesVisibleToSql(viewer)).execute();
  return queues.some((queue) => queueRestricts(queue.features2)) ? own : null;
}

/**
 * Who may delete a group: 404 in words for an unknown one; only its maker or a holder of
 * 'Security: Manager' (403), and no one held to a company (heldToCompany) when the group holds a
 * record of another company (403).
 */
async function assertMayDeleteGroup(db: Kysely<Database>, viewer: Viewer, id: number): Promise<void> {
  const group = await db.selectFrom('record_group_memberships').select('created_by').where('id', '=', id).executeTakeFirst();
  if (group === undefined) throw notFound(RECORD_GROUP_NOT_FOUND);
  if (group.created_by !== viewer.userId && !viewer.privileges.has('Security: Manager')) throw forbidden(RECORD_GROUP_NOT_YOURS);
  const company = await heldToCompany(db, viewer);
  if (company === null) return;
  const members = await db.selectFrom('record_group_members').select('data_area_id').where('membership_id', '=', id).orderBy('position').execute();
  const other = members.find((member) => !sameCompany(member.data_area_id, company));
  if (other !== undefined) throw forbidden(groupOfOtherCompanyRefusal(company, other.data_area_id));
}

/**
 * PUT /api/record-group-memberships (body source and records; embedded §7) creates a record group,
 * or replaces the records of `recordGroupMembershipId`; DELETE /api/record-group-memberships/{id}
 * removes one. Each member's folder tree then shows the other members' documents (related
 * records). Needs 'Dynamics: Link to Existing'; every record is read from the ERP first; under
 * RestrictToDataAreaId (the body's docId or queueId) the records must be of the caller's company.
 * DELETE also needs the group's maker or 'Security: Manager' (assertMayDeleteGroup).
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
    const id = integerParam(request, 'id');
    await assertMayDeleteGroup(deps.db, viewer, id);
    await deleteRecordGroup(deps.db, id);
    return reply.code(204).send();
  });
}
