import { RecordGroupIdParams, RecordGroupMembershipAnswer, RecordGroupMembershipBody, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, RecordGroupMembershipRequest } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors/DomainError';
import { queueRestricts, queuesVisibleToSql, restrictionOf, sameCompany, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { ErpDeps } from '../../erp';
import { integerParam } from '../../http/requestHelpers';
import { RECORD_GROUP_NOT_FOUND, deleteRecordGroup, resolveGroupRecords, saveRecordGroup } from '../recordGroups';
import type { RecordGroupMembership } from '../recordGroups';

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

/** What a user reads who neither made the group nor holds 'Security: Manager' (DELETE). */
export const RECORD_GROUP_NOT_YOURS = "Only the user who made a record group, or a holder of 'Security: Manager', can delete it.";

/** The same refusal for a PUT that names the group (its records replaced). */
export const RECORD_GROUP_NOT_YOURS_TO_REPLACE =
  "Only the user who made a record group, or a holder of 'Security: Manager', can replace its records.";

/** What a caller does to a group: a record-group change the maker and company rules govern. */
export type GroupChange = 'delete' | 'replace' | 'group';

const HELD_ACTION: Record<GroupChange, (recordDataAreaId: string) => string> = {
  delete: (other) => `delete a record group holding a record of ${other}`,
  replace: (other) => `replace the records of a record group holding a record of ${other}`,
  group: (other) => `put a record of ${other} into a record group`,
};

/** What a user held to one company reads when a group holds, or would hold, a record of another (ours). */
export function groupOfOtherCompanyRefusal(company: string, recordDataAreaId: string, change: GroupChange): string {
  return `You work in queues restricted to ${company}: you cannot ${HELD_ACTION[change](recordDataAreaId)}.`;
}

/**
 * The company a caller is held to when changing groups, whatever the body names: their own
 * (users.data_area_id) when they can see the documents of any queue with RestrictToDataAreaId —
 * the group's related records show in that queue's folder trees. Null: not restricted. A PUT's
 * docId/queueId restriction comes on top of this; leaving them out must not escape it.
 */
async function heldToCompany(db: Kysely<Database>, viewer: Viewer): Promise<string | null> {
  const own = viewer.ownDataAreaId;
  if (own === null) return null;
  const queues = await db.selectFrom('queues').select('features2').where('id', 'in', queuesVisibleToSql(viewer)).execute();
  return queues.some((queue) => queueRestricts(queue.features2)) ? own : null;
}

/** 403 in words when a caller held to `held` meets a company other than it among `companies`. */
function assertHeldCompany(held: string | null, companies: readonly string[], change: GroupChange): void {
  if (held === null) return;
  const other = companies.find((company) => !sameCompany(company, held));
  if (other !== undefined) throw forbidden(groupOfOtherCompanyRefusal(held, other, change));
}

/**
 * Who may delete a group or replace its records (one rule for both): 404 in words for an unknown
 * one; only its maker or a holder of 'Security: Manager' (403), and no one held to a company
 * (heldToCompany) when the group holds a record of another company (403) — replacing would drop it.
 */
async function assertMayChangeGroup(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  change: 'delete' | 'replace',
  held: string | null,
): Promise<void> {
  const group = await db.selectFrom('record_group_memberships').select('created_by').where('id', '=', id).executeTakeFirst();
  if (group === undefined) throw notFound(RECORD_GROUP_NOT_FOUND);
  if (group.created_by !== viewer.userId && !viewer.privileges.has('Security: Manager')) {
    throw forbidden(change === 'delete' ? RECORD_GROUP_NOT_YOURS : RECORD_GROUP_NOT_YOURS_TO_REPLACE);
  }
  const members = await db
    .selectFrom('record_group_members')
    .select('data_area_id')
    .where('membership_id', '=', id)
    .orderBy('position')
    .execute();
  assertHeldCompany(
    held,
    members.map((member) => member.data_area_id),
    change,
  );
}

/**
 * PUT /api/record-group-memberships (body source and records; embedded §7) creates a record group,
 * or replaces the records of `recordGroupMembershipId`; DELETE /api/record-group-memberships/{id}
 * removes one. Each member's folder tree then shows the other members' documents (related
 * records). Needs 'Dynamics: Link to Existing'; every record is read from the ERP first; under
 * RestrictToDataAreaId (the body's docId or queueId) the records must be of the caller's company,
 * and a caller held to a company (heldToCompany) groups only its records, queue named or not. A
 * PUT naming a group and DELETE need its maker or 'Security: Manager' (assertMayChangeGroup).
 */
export function registerRecordGroupMembershipRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.put<{ Body: RecordGroupMembershipRequest }>(
    '/record-group-memberships',
    { schema: { body: RecordGroupMembershipBody, response: okAnswer(RecordGroupMembershipAnswer) } },
    async (request): Promise<RecordGroupMembership> => {
      const viewer = viewerOf(request);
      assertMayGroup(viewer);
      const body = request.body;
      const held = await heldToCompany(deps.db, viewer);
      if (body.recordGroupMembershipId !== undefined)
        await assertMayChangeGroup(deps.db, viewer, body.recordGroupMembershipId, 'replace', held);
      // Refused before the ERP is asked; a record naming no company is read in the held one.
      assertHeldCompany(
        held,
        body.records.flatMap((record) => (record.dataAreaId?.trim() ? [record.dataAreaId] : [])),
        'group',
      );
      const requested =
        held === null ? body.records : body.records.map((record) => (record.dataAreaId?.trim() ? record : { ...record, dataAreaId: held }));
      const restriction = await restrictionOf(deps.db, viewer, {
        docId: body.docId,
        queueId: body.queueId,
        currentCompany: body.dataAreaId,
      });
      const records = await resolveGroupRecords(deps.db, deps.entitySources, viewer, body.source, requested, restriction);
      return saveRecordGroup(deps.db, viewer, body.recordGroupMembershipId, body.source, records, new Date().toISOString());
    },
  );

  app.delete('/record-group-memberships/:id', { schema: { params: RecordGroupIdParams } }, async (request, reply) => {
    const viewer = viewerOf(request);
    assertMayGroup(viewer);
    const id = integerParam(request, 'id');
    await assertMayChangeGroup(deps.db, viewer, id, 'delete', await heldToCompany(deps.db, viewer));
    await deleteRecordGroup(deps.db, id);
    return reply.code(204).send();
  });
}
