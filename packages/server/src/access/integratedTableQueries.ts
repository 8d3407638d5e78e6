import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { uploadGrantsOf, type Viewer } from './documentVisibility';
import { importQueueOfTable } from './importQueueOfTable';

/** An integrated table as the /sits calls answer it (portal §3 IntegratedTable). */
export interface IntegratedTableSummary {
  id: number;
  externalTableId: number;
  sourceTypeId: number;
  entityTypeName: string;
  label: string;
  productType: string | null;
  allowNewCard: boolean;
}

/** Which tables a listing takes. */
export interface IntegratedTableFilter {
  /** Case-insensitive "contains" on the label. */
  filterName?: string;
  /** Only tables that allow a new card from a document. */
  allowNewCard?: boolean;
  /** Only tables whose type-name prefix is one of these (the configured ERP sources). */
  prefixes?: readonly string[];
}

/** `%text%` for LIKE with the wildcards of `text` escaped by `\` (named in the ESCAPE clause: SQLite has no default escape). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL condition "`column` contains `text`", case-insensitive, with `%` and `_` in `text` taken literally. */
export function containsTextCondition(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

type TableScope = ExpressionBuilder<Database & { t: Database['integrated_tables'] }, 't'>;

/**
 * The SQL condition "the viewer may see integrated table `t`": a security manager sees every
 * table; anyone else the tables one of their groups may view (in any data area), so a picker or a
 * subtype list never names a table the caller has no documents of (SECURITY row 10).
 */
export function tableVisibleCondition(eb: TableScope, viewer: Viewer): Expression<SqlBool> {
  if (viewer.isManager) return eb.lit(true);
  return eb.exists(
    eb
      .selectFrom('integrated_table_access as ta')
      .innerJoin('user_groups as ug', 'ug.group_id', 'ta.group_id')
      .select('ta.id')
      .whereRef('ta.integrated_table_id', '=', 't.id')
      .where('ug.user_id', '=', viewer.userId)
      .where('ta.can_view', '=', 1),
  );
}

/**
 * The integrated tables the viewer may see, by label: a security manager every one, anyone else
 * those one of their groups may view in some data area (as the subtype listings, SECURITY row 10),
 * so a picker never offers a table whose documents the caller cannot read.
 */
export async function listIntegratedTables(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: IntegratedTableFilter = {},
): Promise<IntegratedTableSummary[]> {
  let query = db
    .selectFrom('integrated_tables as t')
    .selectAll('t')
    .where((eb) => tableVisibleCondition(eb, viewer));
  if (filter.filterName !== undefined && filter.filterName !== '') query = query.where(containsTextCondition('t.label', filter.filterName));
  if (filter.allowNewCard === true) query = query.where('t.allow_new_card', '=', 1);
  const rows = await query.orderBy('t.label').orderBy('t.id').execute();
  const prefixes = filter.prefixes;
  return rows
    .filter((row) => prefixes === undefined || prefixes.some((prefix) => row.entity_type_name.startsWith(`${prefix}:`)))
    .map((row) => ({
      id: row.id,
      externalTableId: row.external_table_id,
      sourceTypeId: row.source_type_id,
      entityTypeName: row.entity_type_name,
      label: row.label,
      productType: row.product_type,
      allowNewCard: row.allow_new_card === 1,
    }));
}

/** Where an upload on an integrated table's records goes (GET /api/sits/{id}/importSettings). */
export interface ImportSettings {
  sitId: number;
  canUpload: boolean;
  /** The data areas the viewer may upload in; null = every one. */
  dataAreaIds: string[] | null;
  folders: { id: number; text: string; subtypeId: number | null }[];
  /** The enabled queue an upload enters (intake/commitArrivals); null = filed on its record outside workflow. */
  queueId: number | null;
}

/**
 * The import settings of one table for the viewer, or undefined when the table is missing or
 * hidden from them (the route answers both 404 alike). The data areas follow `canUploadTo`: a
 * manager everywhere, anyone else where a group of theirs has `can_upload` (a null area = all).
 */
export async function readImportSettings(db: Kysely<Database>, viewer: Viewer, sitId: number): Promise<ImportSettings | undefined> {
  const visible = await listIntegratedTables(db, viewer);
  if (!visible.some((table) => table.id === sitId)) return undefined;
  let dataAreaIds: string[] | null = null;
  if (!viewer.isManager) {
    const grants = await uploadGrantsOf(db, viewer, sitId).select('a.data_area_id').execute();
    dataAreaIds = grants.some((grant) => grant.data_area_id === null)
      ? null
      : [...new Set(grants.map((grant) => grant.data_area_id ?? ''))].sort();
  }
  const canUpload = dataAreaIds === null || dataAreaIds.length > 0;
  const folders = canUpload
    ? await db
        .selectFrom('display_folders')
        .select(['id', 'text', 'subtype_id'])
        .where('integrated_table_id', '=', sitId)
        .where('allow_upload', '=', 1)
        .where('can_have_documents', '=', 1)
        .where('enabled', '=', 1)
        .orderBy('display_order')
        .orderBy('id')
        .execute()
    : [];
  return {
    sitId,
    canUpload,
    dataAreaIds,
    folders: folders.map((folder) => ({ id: folder.id, text: folder.text, subtypeId: folder.subtype_id })),
    queueId: (await importQueueOfTable(db, sitId))?.id ?? null,
  };
}

/**
 * The visible integrated table of an ERP table number and record kind (GET /api/tables/{id}/type):
 * the given source type, or the lowest one of the table when none is given; undefined when none.
 */
export async function findTableOfExternalId(
  db: Kysely<Database>,
  viewer: Viewer,
  externalTableId: number,
  sourceTypeId?: number,
): Promise<IntegratedTableSummary | undefined> {
  const tables = (await listIntegratedTables(db, viewer))
    .filter((table) => table.externalTableId === externalTableId && (sourceTypeId === undefined || table.sourceTypeId === sourceTypeId))
    .sort((a, b) => a.sourceTypeId - b.sourceTypeId || a.id - b.id);
  return tables[0];
}
