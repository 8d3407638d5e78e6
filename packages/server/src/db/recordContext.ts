import type { Kysely } from 'kysely';
import type { IntegratedTableRow, Database } from './schema';

/** The record context of a folder-structure or upload request, as the query carries it. */
export interface RecordContextQuery {
  dataAreaId?: string;
  recordId?: string;
  tableId?: number;
  sitId?: number;
  sourceType?: number;
  typeName?: string;
}

/** The context resolved against the database. */
export interface ResolvedRecordContext {
  sit: IntegratedTableRow;
  dataAreaId: string;
  /** Normalised record key (braces stripped, lower-case), or null when the context names none. */
  recordId: string | null;
  /** The record number users know (erp_records.number), else the record id. */
  sourceNumber: string;
}

/** BC SystemIds arrive as `{GUID}` or `GUID` in either case; we store them bare and lower-case. */
export function normaliseRecordId(raw: string): string {
  const bare = raw.trim().replace(/^\{(.*)\}$/, '$1');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bare) ? bare.toLowerCase() : bare;
}

/** Finds the integrated table by sitId, else tableId (and sourceType when given), else typeName. */
export async function findIntegratedTable(db: Kysely<Database>, context: RecordContextQuery): Promise<IntegratedTableRow | undefined> {
  const base = db.selectFrom('integrated_tables').selectAll().orderBy('id').limit(1);
  if (context.sitId !== undefined) return base.where('id', '=', context.sitId).executeTakeFirst();
  if (context.tableId !== undefined) {
    const query = base.where('external_table_id', '=', context.tableId);
    if (context.sourceType !== undefined) {
      const exact = await query.where('source_type_id', '=', context.sourceType).executeTakeFirst();
      if (exact !== undefined) return exact;
    }
    return query.executeTakeFirst();
  }
  if (context.typeName !== undefined) return base.where('entity_type_name', '=', context.typeName).executeTakeFirst();
  return undefined;
}

/** Resolves the context; undefined when no integrated table matches. */
export async function resolveRecordContext(db: Kysely<Database>, context: RecordContextQuery): Promise<ResolvedRecordContext | undefined> {
  const sit = await findIntegratedTable(db, context);
  if (sit === undefined) return undefined;
  const dataAreaId = context.dataAreaId ?? '';
  const recordId = context.recordId !== undefined ? normaliseRecordId(context.recordId) : null;
  let sourceNumber = recordId ?? '';
  if (recordId !== null) {
    const record = await db
      .selectFrom('erp_records')
      .select('number')
      .where('integrated_table_id', '=', sit.id)
      .where('data_area_id', '=', dataAreaId)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    if (record !== undefined) sourceNumber = record.number;
  }
  return { sit, dataAreaId, recordId, sourceNumber };
}
