import { FolderEntryListAnswer, RELATED_UNAVAILABLE_HEADER, okAnswer } from '@datahaven/core/contract';
import type { DmsDocument, FolderEntry, FolderNode, OptionName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { isValidContext } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { executeViewerShaped, presentDocument, sameCompany, selectVisibleDocuments, uploadGrantsInArea, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import { numberOptionValue } from '../../db/optionStore';
import type { DisplayFolderRow, IntegratedTableRow } from '../../db/schema';
import { findIntegratedTable, normaliseRecordId } from '../../db/recordContext';
import type { RecordContext } from '../../db/recordContext';
import { presentFolderTree, recordConstraints } from '../folderPresenter';
import type { ErpDeps } from '../../erp';
import { badRequest } from '../../http/HttpError';
import { recordContextOf } from '../../http/recordContextQuery';
import { queryInteger, queryOf } from '../../http/requestHelpers';
import { relatedRecordsOf } from '../relatedRecords';
import type { RelatedRecord } from '../relatedRecords';
import { registerUrlGenerationRoutes } from './urlGenerationRoutes';

/** The option that says how deep the tree's folders start expanded. */
const EXPANSION_OPTION: OptionName = 'Folder Search Expansion Level';

/** The answer when the context names no integrated table. */
const NO_TABLE_MATCHES = 'No integrated table matches the context.';

/** The SQL condition "the document (`q` its queue) is in no queue with RestrictToDataAreaId" (features2 bit 4). */
const NOT_IN_RESTRICTING_QUEUE = sql<SqlBool>`(q.id is null or (q.features2 & 4) = 0)`;

/**
 * The SQL condition "the document is linked to the record". On PostgreSQL the record's ids are
 * read first, as an array (an InitPlan through the record_links_record index: a few rows), and
 * the documents fetched by primary key: as a plain IN or EXISTS subquery PostgreSQL walked every
 * visible document before the semi-join (500 ms a listing on 100,000 documents). SQLite's IN
 * subquery already runs that way (the ids into a temporary index, then documents by rowid).
 * One statement, not two: each statement costs the server a round trip and its building.
 */
function linkedToRecord(deps: ErpDeps, record: { sit: { id: number }; dataAreaId: string }, recordId: string): RawBuilder<SqlBool> {
  const ids = sql`select rl.document_id from record_links rl
    where rl.integrated_table_id = ${record.sit.id} and rl.record_id = ${recordId} and rl.data_area_id = ${record.dataAreaId}`;
  return deps.dialect === 'postgres' ? sql<SqlBool>`d.id = any(array(${ids}))` : sql<SqlBool>`d.id in (${ids})`;
}

/**
 * The visible documents linked to a record, by name. RestrictToDataAreaId: documents in a
 * restricting queue show only when the record is of the viewer's company (their own data area,
 * else the company the client is in); a record of another company, or no company at all, shows
 * none of them.
 */
async function recordDocuments(
  deps: ErpDeps,
  viewer: Viewer,
  record: { sit: { id: number }; recordId: string | null; dataAreaId: string },
  company: string | null,
): Promise<DmsDocument[]> {
  if (record.recordId === null) return [];
  const restrict = company === null || !sameCompany(company, record.dataAreaId);
  const values = { sitId: record.sit.id, recordId: record.recordId, dataAreaId: record.dataAreaId };
  const rows = await executeViewerShaped(
    deps.db,
    viewer,
    `record-documents:${restrict ? 'restricted' : 'all'}`,
    values,
    (shapeViewer, shaped) => {
      const query = selectVisibleDocuments(deps.db, shapeViewer).where(
        linkedToRecord(deps, { sit: { id: shaped.sitId }, dataAreaId: shaped.dataAreaId }, shaped.recordId),
      );
      return (restrict ? query.where(NOT_IN_RESTRICTING_QUEUE) : query).orderBy('d.name').orderBy('d.id').limit(2000);
    },
  );
  return rows.map(presentDocument);
}

/** The record context with the table's enabled display folders, and what the tree needs beside them. */
interface ListingContext {
  context: RecordContext;
  folders: DisplayFolderRow[];
  /** 'Folder Search Expansion Level': stored, else (not stored, or not a number ≥ 0) its default. */
  expansionLevel: number;
  /** Whether the viewer may upload to the record (the privilege, then a manager or a grant in its data area); false when there are no folders. */
  callerMayUpload: boolean;
  /** Whether the record is a member of a record group (its other members are related records); false without a record. */
  inRecordGroup: boolean;
}

/**
 * A folder column of the listing's left join: typed nullable (no folder), never null on a row
 * that has a folder (the column is NOT NULL); a null there is a broken statement, not a default.
 */
function required<T>(value: T | null): T {
  if (value === null) throw new Error('A display folder column came back null from the listing statement.');
  return value;
}

/**
 * The integrated table `sitId` with its enabled display folders (a left
 * join: a table without folders still answers its one row), the expansion level, the viewer's
 * right to upload and whether the record is in a record group, in one statement: on PostgreSQL each statement costs the server's one thread
 * a socket write that wakes a backend, about a third of a listing's CPU (profiled, README), and
 * the context, the folders and the record's groups were three. Undefined when no integrated table has that id.
 */
async function listingContext(
  deps: ErpDeps,
  viewer: Viewer,
  sitId: number,
  recordId: string | null,
  dataAreaId: string,
): Promise<ListingContext | undefined> {
  // canUploadTo's rule, as a column: the privilege first, then a manager, then the table's grants.
  const mayImport = viewer.privileges.has('Cabinet: Import Documents');
  const values = { sitId, dataAreaId, recordId: recordId ?? '' };
  // The branches read only the viewer's privileges (part of the shape's key) and whether the context names a record (in the key).
  const rows = await executeViewerShaped(
    deps.db,
    viewer,
    recordId === null ? 'listing-context' : 'listing-context-with-record',
    values,
    (shapeViewer, shaped) =>
      deps.db
        .selectFrom('integrated_tables as it')
        .leftJoin('display_folders as df', (join) => join.onRef('df.integrated_table_id', '=', 'it.id').on('df.enabled', '=', 1))
        .selectAll('it')
        // The folder's columns under folder_ names beside the table's own (both have id).
        .select([
          'df.id as folder_id',
          'df.parent_id as folder_parent_id',
          'df.text as folder_text',
          'df.is_text_literal as folder_is_text_literal',
          'df.entry_type as folder_entry_type',
          'df.display_order as folder_display_order',
          'df.item_sort_order as folder_item_sort_order',
          'df.sort_key as folder_sort_key',
          'df.can_have_documents as folder_can_have_documents',
          'df.allow_upload as folder_allow_upload',
          'df.enabled as folder_enabled',
          'df.include_in_references as folder_include_in_references',
          'df.expansion as folder_expansion',
          'df.subtype_id as folder_subtype_id',
        ])
        .select((eb) => [
          // A boolean on PostgreSQL, 1 or 0 on SQLite: read with Number() below.
          (recordId === null
            ? eb.lit(0)
            : eb.exists(
                eb
                  .selectFrom('record_group_members as g')
                  .select('g.membership_id')
                  .whereRef('g.integrated_table_id', '=', 'it.id')
                  .where('g.record_id', '=', shaped.recordId)
                  .where('g.data_area_id', '=', shaped.dataAreaId),
              )
          ).as('in_record_group'),
          eb.selectFrom('options').select('data').where('name', '=', EXPANSION_OPTION).as('expansion_level_data'),
          (!mayImport
            ? eb.lit(0)
            : shapeViewer.isManager
              ? eb.lit(1)
              : eb
                  .case()
                  .when(eb.exists(uploadGrantsInArea(deps.db, shapeViewer, shaped.sitId, shaped.dataAreaId)))
                  .then(eb.lit(1))
                  .else(eb.lit(0))
                  .end()
          ).as('caller_may_upload'),
        ])
        .where('it.id', '=', shaped.sitId)
        .orderBy('df.display_order')
        .orderBy('df.id'),
  );
  const first = rows[0];
  if (first === undefined) return undefined;
  const sit: IntegratedTableRow = {
    id: first.id,
    external_table_id: first.external_table_id,
    source_type_id: first.source_type_id,
    entity_type_name: first.entity_type_name,
    label: first.label,
    product_type: first.product_type,
    allow_new_card: first.allow_new_card,
    import_queue_id: first.import_queue_id,
  };
  const folders = rows.flatMap((row): DisplayFolderRow[] =>
    row.folder_id === null
      ? []
      : [
          {
            id: row.folder_id,
            integrated_table_id: sit.id,
            parent_id: row.folder_parent_id,
            text: required(row.folder_text),
            is_text_literal: required(row.folder_is_text_literal),
            entry_type: required(row.folder_entry_type),
            display_order: required(row.folder_display_order),
            item_sort_order: required(row.folder_item_sort_order),
            sort_key: row.folder_sort_key,
            can_have_documents: required(row.folder_can_have_documents),
            allow_upload: required(row.folder_allow_upload),
            enabled: required(row.folder_enabled),
            include_in_references: required(row.folder_include_in_references),
            expansion: required(row.folder_expansion),
            subtype_id: row.folder_subtype_id,
          },
        ],
  );
  return {
    context: { sit, dataAreaId, recordId },
    folders,
    expansionLevel: numberOptionValue(EXPANSION_OPTION, first.expansion_level_data ?? null),
    callerMayUpload: folders.length > 0 && Number(first.caller_may_upload) === 1,
    inRecordGroup: Number(first.in_record_group) === 1,
  };
}

/**
 * The folder of a related record: its visible documents by name (no upload: uploads go to the
 * record's own folders), its record in the related* constraints beside the record in context.
 */
function relatedFolder(
  related: RelatedRecord,
  documents: DmsDocument[],
  base: FolderNode['constraints'],
  expandToDocId: number | undefined,
): FolderNode {
  const children: FolderEntry[] = documents.map(
    (document): FolderEntry => ({ type: 'document', id: document.id, name: document.name, document }),
  );
  const id = `related-${related.table.id}-${related.dataAreaId}-${related.recordId}`;
  if (children.length === 0) children.push({ type: 'empty', id: `empty-${id}`, name: MESSAGES.noDocumentsFound });
  return {
    type: 'folder',
    id,
    name: `${related.table.label} ${related.number}`,
    constraints: {
      ...base,
      relatedDataAreaId: related.dataAreaId,
      relatedRecordId: related.recordId,
      relatedSourceType: related.table.source_type_id,
      relatedTableId: related.table.external_table_id,
      relatedTypeName: related.table.entity_type_name,
      relatedSitId: related.table.id,
    },
    children,
    allowUpload: false,
    defaultExpanded: expandToDocId !== undefined && documents.some((document) => document.id === expandToDocId),
    forceDefaultExpanded: false,
    groups: [],
  };
}

/**
 * GET /api/folder-structure: the display folders of the record's integrated table with the
 * record's documents the caller may see (filtered in the query), then one folder per related
 * record (issue 11: the records its ERP relates to it, and its record groups' other members) with
 * their documents. RestrictToDataAreaId holds in every folder. Also registers
 * GET /api/folder-structure/url-generation/{sourceId}.
 */
export function registerFolderStructureRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get(
    '/folder-structure',
    { schema: { response: okAnswer(FolderEntryListAnswer) } },
    async (request, reply): Promise<FolderEntry[]> => {
      const query = queryOf(request);
      const context = recordContextOf(query);
      if (!isValidContext(context)) {
        throw badRequest('The context is not valid: it needs a record id or a data area, and a type name, sit id or table id.');
      }
      const expandToDocId = queryInteger(query, 'expandToDocId');
      // The client's way in names the table by sitId; a tableId or typeName is looked up first.
      const sitId = context.sitId ?? (await findIntegratedTable(deps.db, context))?.id;
      if (sitId === undefined) throw badRequest(NO_TABLE_MATCHES);
      const recordId = context.recordId !== undefined ? normaliseRecordId(context.recordId) : null;
      const dataAreaId = context.dataAreaId ?? '';
      const viewer = viewerOf(request);
      // RestrictToDataAreaId: the viewer's company is their own data area, else the one the client is in.
      const company = viewer.ownDataAreaId ?? (dataAreaId.trim() === '' ? null : dataAreaId);
      // The context with its folders, and the record's documents, need only the query and the
      // viewer: asked side by side (documents of a table that does not exist are none).
      const [listing, documents] = await Promise.all([
        listingContext(deps, viewer, sitId, recordId, dataAreaId),
        recordDocuments(deps, viewer, { sit: { id: sitId }, recordId, dataAreaId }, company),
      ]);
      if (listing === undefined) throw badRequest(NO_TABLE_MATCHES);
      const { context: resolved, folders, expansionLevel, callerMayUpload, inRecordGroup } = listing;
      const related = await relatedRecordsOf(deps.db, deps.entitySources, viewer, { ...resolved, inRecordGroup }, (message) =>
        request.log.warn(message),
      );
      // The answer stays the spec's list of entries; that the ERP could not name the related records
      // travels beside it, so the client can say so above the tree (docs/API.md).
      if (related.unavailable !== null) void reply.header(RELATED_UNAVAILABLE_HEADER, encodeURIComponent(related.unavailable));
      const relatedDocuments = await Promise.all(
        related.records.map((record) =>
          recordDocuments(deps, viewer, { sit: record.table, recordId: record.recordId, dataAreaId: record.dataAreaId }, company),
        ),
      );
      const tree = presentFolderTree({ context: resolved, folders, documents, expansionLevel, expandToDocId, callerMayUpload });
      const base = recordConstraints(resolved);
      return [...tree, ...related.records.map((record, index) => relatedFolder(record, relatedDocuments[index], base, expandToDocId))];
    },
  );

  registerUrlGenerationRoutes(app, deps);
}
