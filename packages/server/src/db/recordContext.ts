import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { IntegratedTableRow, Database } from './schema';
import { executeShaped } from './statementShapes';

/** The record context of a folder-structure or upload request, as the query carries it. */
export interface RecordContextQuery {
  dataAreaId?: string;
  recordId?: string;
  tableId?: number;
  sitId?: number;
  sourceType?: number;
  typeName?: string;
}

/** The context's integrated table and record: what the folder tree and its related records need. */
export interface RecordContext {
  sit: IntegratedTableRow;
  dataAreaId: string;
  /** Normalised record key (braces stripped, lower-case), or null when the context names none. */
  recordId: string | null;
}

/** The context resolved against the database. */
export interface ResolvedRecordContext extends RecordContext {
  /** The record number users know (erp_records.number), else the record id. */
  sourceNumber: string;
}

/** BC SystemIds arrive as `{GUID}` or `GUID` in either case; we store them bare and lower-case. */
export function normaliseRecordId(raw: string): string {
  const bare = raw.trim().replace(/^\{(.*)\}$/, '$1');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bare) ? bare.toLowerCase() : bare;
}

/**
 * The `integrated_tables` row the context names — by sitId, else tableId (and sourceType when
 * given), else typeName — with `record_number`, the record's erp_records number when `recordId`
 * is given and known (one statement for both).
 */
function integratedTableQuery(db: Kysely<Database>, context: RecordContextQuery, recordId: string | null) {
  const dataAreaId = context.dataAreaId ?? '';
  return db
    .selectFrom('integrated_tables as it')
    .selectAll('it')
    .select(
      (recordId === null
        ? sql<string | null>`null`
        : sql<string | null>`(select er.number from erp_records er where er.integrated_table_id = it.id
            and er.data_area_id = ${dataAreaId} and er.record_id = ${recordId} limit 1)`
      ).as('record_number'),
    )
    .orderBy('it.id')
    .limit(1);
}

type TableWithRecordNumber = IntegratedTableRow & { record_number: string | null };

async function findTableWithRecordNumber(
  db: Kysely<Database>,
  context: RecordContextQuery,
  recordId: string | null,
): Promise<TableWithRecordNumber | undefined> {
  if (context.sitId !== undefined) {
    // The listing's and the upload's way in, on every request: built once per shape.
    const values = { sitId: context.sitId, dataAreaId: context.dataAreaId ?? '', recordId: recordId ?? '' };
    const [row] = await executeShaped(db, recordId === null ? 'table-by-sit' : 'table-by-sit-with-record', values, (shaped) =>
      integratedTableQuery(db, { dataAreaId: shaped.dataAreaId }, recordId === null ? null : shaped.recordId).where(
        'it.id',
        '=',
        shaped.sitId,
      ),
    );
    return row;
  }
  const base = integratedTableQuery(db, context, recordId);
  if (context.tableId !== undefined) {
    const query = base.where('it.external_table_id', '=', context.tableId);
    if (context.sourceType !== undefined) {
      const exact = await query.where('it.source_type_id', '=', context.sourceType).executeTakeFirst();
      if (exact !== undefined) return exact;
    }
    return query.executeTakeFirst();
  }
  if (context.typeName !== undefined) return base.where('it.entity_type_name', '=', context.typeName).executeTakeFirst();
  return undefined;
}

/** Finds the integrated table by sitId, else tableId (and sourceType when given), else typeName. */
export async function findIntegratedTable(db: Kysely<Database>, context: RecordContextQuery): Promise<IntegratedTableRow | undefined> {
  const found = await findTableWithRecordNumber(db, context, null);
  if (found === undefined) return undefined;
  const { record_number: _unused, ...sit } = found;
  return sit;
}

/** Resolves the context (the table and the record's number in one statement); undefined when no integrated table matches. */
export async function resolveRecordContext(db: Kysely<Database>, context: RecordContextQuery): Promise<ResolvedRecordContext | undefined> {
  const recordId = context.recordId !== undefined ? normaliseRecordId(context.recordId) : null;
  const found = await findTableWithRecordNumber(db, context, recordId);
  if (found === undefined) return undefined;
  const { record_number: recordNumber, ...sit } = found;
  return { sit, dataAreaId: context.dataAreaId ?? '', recordId, sourceNumber: recordNumber ?? recordId ?? '' };
}
