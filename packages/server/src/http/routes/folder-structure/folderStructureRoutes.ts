import { FolderEntryListAnswer, RELATED_UNAVAILABLE_HEADER, okAnswer } from '@datahaven/core/contract';
import type { DmsDocument, FolderEntry, FolderNode, OptionName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { isValidContext } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { selectVisibleDocuments } from '../../../policies/documentQueries';
import { executeViewerShaped } from '../../../policies/executeViewerShaped';
import { numberOptionValue } from '../../../db/optionStore';
import type { DisplayFolderRow } from '../../../db/schema';
import { resolveRecordContext } from '../../../db/recordContext';
import { sameCompany } from '../../../policies/dataAreaRestriction';
import { uploadGrantsInArea } from '../../../policies/documentVisibility';
import type { Viewer } from '../../../policies/documentVisibility';
import { presentDocument } from '../../../presenters/documentPresenter';
import { presentFolderTree } from '../../../presenters/folderPresenter';
import type { AppDeps } from '../../../services/AppDeps';
import { badRequest } from '../../HttpError';
import { recordContextOf } from '../../recordContextQuery';
import { queryInteger, queryOf, viewerOf } from '../../requestHelpers';
import { relatedRecordsOf } from './relatedRecords';
import type { RelatedRecord } from './relatedRecords';
import { registerUrlGenerationRoutes } from './urlGenerationRoutes';

/** The option that says how deep the tree's folders start expanded. */
const EXPANSION_OPTION: OptionName = 'Folder Search Expansion Level';

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
function linkedToRecord(deps: AppDeps, record: { sit: { id: number }; dataAreaId: string }, recordId: string): RawBuilder<SqlBool> {
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
async function recordDocuments(deps: AppDeps, viewer: Viewer, record: { sit: { id: number }; recordId: string | null; dataAreaId: string }, company: string | null): Promise<DmsDocument[]> {
  if (record.recordId === null) return [];
  const restrict = company === null || !sameCompany(company, record.dataAreaId);
  const values = { sitId: record.sit.id, recordId: record.recordId, dataAreaId: record.dataAreaId };
  const rows = await executeViewerShaped(deps.db, viewer, `record-documents:${restrict ? 'restricted' : 'all'}`, values, (shapeViewer, shaped) => {
    const query = selectVisibleDocuments(deps.db, shapeViewer).where(linkedToRecord(deps, { sit: { id: shaped.sitId }, dataAreaId: shaped.dataAreaId }, shaped.recordId));
    return (restrict ? query.where(NOT_IN_RESTRICTING_QUEUE) : query).orderBy('d.name').orderBy('d.id').limit(2000);
  });
  return rows.map(presentDocument);
}

/** The enabled display folders of an integrated table, and what the tree needs beside them. */
interface ListingFolders {
  folders: DisplayFolderRow[];
  /** 'Folder Search Expansion Level': stored, else (not stored, or not a number ≥ 0) its default. */
  expansionLevel: number;
  /** Whether the viewer may upload to the record (the privilege, then a manager or a grant in its data area); false when there are no folders. */
  callerMayUpload: boolean;
}

/**
 * The table's display folders with the expansion level and the viewer's right to upload read in
 * the same statement: both matter only when there are folders (they shape the folders), so a
 * table without folders answers its defaults, unread.
 */
async function listingFolders(deps: AppDeps, viewer: Viewer, resolved: { sit: { id: number }; dataAreaId: string }): Promise<ListingFolders> {
  // canUploadTo's rule, as a column: the privilege first, then a manager, then the table's grants.
  const mayImport = viewer.privileges.has('Cabinet: Import Documents');
  const values = { sitId: resolved.sit.id, dataAreaId: resolved.dataAreaId };
  // The branches read only the viewer's privileges, which are part of the shape's key.
  const rows = await executeViewerShaped(deps.db, viewer, 'listing-folders', values, (shapeViewer, shaped) =>
    deps.db
      .selectFrom('display_folders')
      .selectAll()
      .select((eb) => [
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
      .where('integrated_table_id', '=', shaped.sitId)
      .where('enabled', '=', 1)
      .orderBy('display_order')
      .orderBy('id'),
  );
  const first = rows[0];
  const folders = rows.map(({ expansion_level_data: _level, caller_may_upload: _upload, ...folder }) => folder);
  return {
    folders,
    expansionLevel: numberOptionValue(EXPANSION_OPTION, first?.expansion_level_data ?? null),
    callerMayUpload: first !== undefined && Number(first.caller_may_upload) === 1,
  };
}

/**
 * The folder of a related record: its visible documents by name (no upload: uploads go to the
 * record's own folders), its record in the related* constraints beside the record in context.
 */
function relatedFolder(related: RelatedRecord, documents: DmsDocument[], base: FolderNode['constraints'], expandToDocId: number | undefined): FolderNode {
  const children: FolderEntry[] = documents.map((document): FolderEntry => ({ type: 'document', id: document.id, name: document.name, document }));
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
export function registerFolderStructureRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/folder-structure', { schema: { response: okAnswer(FolderEntryListAnswer) } }, async (request, reply): Promise<FolderEntry[]> => {
    const query = queryOf(request);
    const context = recordContextOf(query);
    if (!isValidContext(context)) {
      throw badRequest('The context is not valid: it needs a record id or a data area, and a type name, sit id or table id.');
    }
    const expandToDocId = queryInteger(query, 'expandToDocId');
    const resolved = await resolveRecordContext(deps.db, context);
    if (resolved === undefined) throw badRequest('No integrated table matches the context.');
    const viewer = viewerOf(request);
    // RestrictToDataAreaId: the viewer's company is their own data area, else the one the client is in.
    const company = viewer.ownDataAreaId ?? (resolved.dataAreaId.trim() === '' ? null : resolved.dataAreaId);
    // Everything below depends only on the context and the viewer: asked side by side, so a
    // listing waits for its slowest read, not for the sum of a dozen round trips.
    const [{ folders, expansionLevel, callerMayUpload }, documents, related] = await Promise.all([
      listingFolders(deps, viewer, resolved),
      recordDocuments(deps, viewer, resolved, company),
      relatedRecordsOf(deps.db, deps.entitySources, viewer, resolved, (message) => request.log.warn(message)),
    ]);
    // The answer stays the spec's list of entries; that the ERP could not name the related records
    // travels beside it, so the client can say so above the tree (docs/API.md).
    if (related.unavailable !== null) void reply.header(RELATED_UNAVAILABLE_HEADER, encodeURIComponent(related.unavailable));
    const relatedDocuments = await Promise.all(related.records.map((record) => recordDocuments(deps, viewer, { sit: record.table, recordId: record.recordId, dataAreaId: record.dataAreaId }, company)));
    const tree = presentFolderTree({ context: resolved, folders, documents, expansionLevel, expandToDocId, callerMayUpload });
    const base: FolderNode['constraints'] = {
      dataAreaId: resolved.dataAreaId,
      tableId: resolved.sit.external_table_id,
      ...(resolved.recordId !== null ? { recordId: resolved.recordId } : {}),
      sitId: resolved.sit.id,
      sourceType: resolved.sit.source_type_id,
      typeName: resolved.sit.entity_type_name,
    };
    return [...tree, ...related.records.map((record, index) => relatedFolder(record, relatedDocuments[index], base, expandToDocId))];
  });

  registerUrlGenerationRoutes(app, deps);
}
