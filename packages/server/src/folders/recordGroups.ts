import type { Kysely } from 'kysely';
import { normaliseRecordId } from '../db/recordContext';
import type { Database, IntegratedTableRow } from '../db/schema';
import { resolveEntityTypeName, splitEntityTypeName } from '../erp';
import type { EntitySources } from '../erp';
import { DomainError, invalid, notFound } from '../errors/DomainError';
import { companyToRead, executeViewerShaped, tableVisibleCondition } from '../access';
import type { CompanyRestriction, Viewer } from '../access';

/** One record of a group as a request names it: its table (sitId, else typeName), company and id. */
export interface RecordGroupRecordRequest {
  sitId?: number;
  typeName?: string;
  dataAreaId?: string;
  recordId: string;
}

/** One record of a group as the answer and the folder tree show it. */
export interface RecordGroupRecord {
  sitId: number;
  typeName: string;
  tableLabel: string;
  dataAreaId: string;
  recordId: string;
  number: string;
  displayName: string;
}

/** A record group (embedded §3 "Record group membership": recordGroupMembershipId, source, records). */
export interface RecordGroupMembership {
  recordGroupMembershipId: number;
  source: string;
  records: RecordGroupRecord[];
}

/** Most records in one group (a folder tree shows a folder per other member). */
export const MAX_GROUP_RECORDS = 50;

/** Ours: the group asked for does not exist. */
export const RECORD_GROUP_NOT_FOUND = 'The record group was not found.';

/** The visible integrated table a group's record names: by sitId, else by type name (case aside, or the set it maps to). */
async function tableOf(db: Kysely<Database>, viewer: Viewer, record: RecordGroupRecordRequest): Promise<IntegratedTableRow> {
  const visible = db
    .selectFrom('integrated_tables as t')
    .selectAll('t')
    .where((eb) => tableVisibleCondition(eb, viewer));
  if (record.sitId !== undefined) {
    const table = await visible.where('t.id', '=', record.sitId).executeTakeFirst();
    if (table === undefined) throw invalid(`No integrated table ${record.sitId} is visible to you.`);
    return table;
  }
  const name = record.typeName?.trim() ?? '';
  if (name === '') throw invalid("Name each record's table: sitId or typeName.");
  const wanted = resolveEntityTypeName(name).typeName.toLowerCase();
  const tables = await visible.orderBy('t.source_type_id').orderBy('t.id').execute();
  const found =
    tables.find((table) => table.entity_type_name.toLowerCase() === name.toLowerCase()) ??
    tables.find(
      (table) =>
        splitEntityTypeName(table.entity_type_name).prefix === splitEntityTypeName(name).prefix &&
        resolveEntityTypeName(table.entity_type_name).typeName.toLowerCase() === wanted,
    );
  if (found === undefined) throw invalid(`No integrated table holds records of '${name}'.`);
  return found;
}

/** The record as the ERP holds it (number and name); 400 in words when the ERP has none. */
async function readRecord(
  sources: EntitySources,
  table: IntegratedTableRow,
  dataAreaId: string,
  recordId: string,
): Promise<{ number: string; displayName: string }> {
  const { prefix, typeName } = resolveEntityTypeName(table.entity_type_name);
  let record: Record<string, unknown> | null;
  try {
    record = await sources.source(prefix).get(typeName, recordId, { company: dataAreaId });
  } catch (error) {
    // The ERP refusing the id, or no such type or company: the request is wrong, in the connector's words.
    if (error instanceof DomainError && (error.kind === 'Validation' || error.kind === 'NotFound')) throw invalid(error.message);
    throw error;
  }
  if (record === null) throw invalid(`${sources.source(prefix).config.label} has no record '${recordId}' in the company '${dataAreaId}'.`);
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const number = text(record.number) ?? text(record.displayName) ?? recordId;
  return { number, displayName: text(record.displayName) ?? text(record.name) ?? text(record.vendorName) ?? number };
}

/**
 * Checks and reads a group's records: 2 to 50, each of a table the caller may see whose type is of
 * the group's source, each read from the ERP (so a group never names a record the ERP lacks), each
 * of the restricted company when RestrictToDataAreaId holds (403). Duplicates count once.
 */
export async function resolveGroupRecords(
  db: Kysely<Database>,
  sources: EntitySources,
  viewer: Viewer,
  source: string,
  records: readonly RecordGroupRecordRequest[],
  restriction: CompanyRestriction | null,
): Promise<RecordGroupRecord[]> {
  const connector = sources.source(source);
  const resolved: RecordGroupRecord[] = [];
  for (const request of records) {
    const table = await tableOf(db, viewer, request);
    if (splitEntityTypeName(table.entity_type_name).prefix !== source)
      throw invalid(`The table ${table.label} is not of the source '${source}'.`);
    const recordId = normaliseRecordId(request.recordId);
    if (recordId === '') throw invalid('Each record needs its recordId.');
    const dataAreaId = companyToRead(restriction, request.dataAreaId) ?? connector.config.company;
    if (resolved.some((r) => r.sitId === table.id && r.recordId === recordId && r.dataAreaId.toLowerCase() === dataAreaId.toLowerCase()))
      continue;
    const erp = await readRecord(sources, table, dataAreaId, recordId);
    resolved.push({ sitId: table.id, typeName: table.entity_type_name, tableLabel: table.label, dataAreaId, recordId, ...erp });
  }
  if (resolved.length < 2) throw invalid('A record group needs at least two different records.');
  return resolved;
}

/** Writes a group (a new one, or the records of `id` replaced) in one transaction; answers it. */
export async function saveRecordGroup(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number | undefined,
  source: string,
  records: readonly RecordGroupRecord[],
  now: string,
): Promise<RecordGroupMembership> {
  const membershipId = await db.transaction().execute(async (trx) => {
    let groupId: number;
    if (id === undefined) {
      groupId = (
        await trx
          .insertInto('record_group_memberships')
          .values({ source, created_by: viewer.userId, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await trx
        .updateTable('record_group_memberships')
        .set({ source, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound(RECORD_GROUP_NOT_FOUND);
      await trx.deleteFrom('record_group_members').where('membership_id', '=', id).execute();
      groupId = id;
    }
    await trx
      .insertInto('record_group_members')
      .values(
        records.map((record, position) => ({
          membership_id: groupId,
          position,
          integrated_table_id: record.sitId,
          data_area_id: record.dataAreaId,
          record_id: record.recordId,
          number: record.number,
          display_name: record.displayName,
        })),
      )
      .execute();
    return groupId;
  });
  return { recordGroupMembershipId: membershipId, source, records: [...records] };
}

/** Deletes a group and its members; 404 in words when there is none. */
export async function deleteRecordGroup(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('record_group_members').where('membership_id', '=', id).execute();
    const deleted = await trx.deleteFrom('record_group_memberships').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(RECORD_GROUP_NOT_FOUND);
  });
}

/**
 * The other members of every group holding the record (its related records through groups), in
 * group then member order, without repeats; only of tables the viewer may see.
 */
export async function groupedRecordsOf(
  db: Kysely<Database>,
  viewer: Viewer,
  sitId: number,
  recordId: string,
  dataAreaId: string,
): Promise<RecordGroupRecord[]> {
  const rows = await executeViewerShaped(db, viewer, 'grouped-records', { sitId, recordId, dataAreaId }, (shapeViewer, values) =>
    db
      .selectFrom('record_group_members as self')
      .innerJoin('record_group_members as m', 'm.membership_id', 'self.membership_id')
      .innerJoin('integrated_tables as t', 't.id', 'm.integrated_table_id')
      .select([
        'm.membership_id',
        'm.position',
        'm.integrated_table_id',
        'm.data_area_id',
        'm.record_id',
        'm.number',
        'm.display_name',
        't.entity_type_name',
        't.label',
      ])
      .where('self.integrated_table_id', '=', values.sitId)
      .where('self.record_id', '=', values.recordId)
      .where('self.data_area_id', '=', values.dataAreaId)
      .where((eb) => tableVisibleCondition(eb, shapeViewer))
      .orderBy('m.membership_id')
      .orderBy('m.position'),
  );
  const seen = new Set<string>([`${sitId}|${recordId}|${dataAreaId.toLowerCase()}`]);
  const related: RecordGroupRecord[] = [];
  for (const row of rows) {
    const key = `${row.integrated_table_id}|${row.record_id}|${row.data_area_id.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    related.push({
      sitId: row.integrated_table_id,
      typeName: row.entity_type_name,
      tableLabel: row.label,
      dataAreaId: row.data_area_id,
      recordId: row.record_id,
      number: row.number,
      displayName: row.display_name,
    });
  }
  return related;
}
