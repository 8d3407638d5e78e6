import { FolderEntryListAnswer, okAnswer } from '@datahaven/core/contract';
import type { FolderEntry } from '@datahaven/core/model';
import { isValidContext } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { selectVisibleDocuments } from '../../../policies/documentQueries';
import { readNumberOption } from '../../../db/optionStore';
import { resolveRecordContext } from '../../../db/recordContext';
import { canUploadTo } from '../../../policies/documentVisibility';
import { presentDocument } from '../../../presenters/documentPresenter';
import { presentFolderTree } from '../../../presenters/folderPresenter';
import type { AppDeps } from '../../../services/AppDeps';
import { badRequest } from '../../HttpError';
import { recordContextOf } from '../../recordContextQuery';
import { queryInteger, queryOf, viewerOf } from '../../requestHelpers';

/** Most ids bound into one statement (SQLite binds up to 32,766 variables, PostgreSQL 65,535). */
const MAX_BOUND_IDS = 10_000;

/** The record's document ids as a subquery. */
function recordLinkIds(deps: AppDeps, resolved: { sit: { id: number }; recordId: string | null; dataAreaId: string }) {
  return deps.db
    .selectFrom('record_links as rl')
    .select('rl.document_id')
    .where('rl.integrated_table_id', '=', resolved.sit.id)
    .where('rl.record_id', '=', resolved.recordId ?? '')
    .where('rl.data_area_id', '=', resolved.dataAreaId);
}

/**
 * GET /api/folder-structure: the display folders of the record's integrated table with the
 * record's documents the caller may see (filtered in the query).
 */
export function registerFolderStructureRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/folder-structure', { schema: { response: okAnswer(FolderEntryListAnswer) } }, async (request): Promise<FolderEntry[]> => {
    const query = queryOf(request);
    const context = recordContextOf(query);
    if (!isValidContext(context)) {
      throw badRequest('The context is not valid: it needs a record id or a data area, and a type name, sit id or table id.');
    }
    const expandToDocId = queryInteger(query, 'expandToDocId');
    const resolved = await resolveRecordContext(deps.db, context);
    if (resolved === undefined) throw badRequest('No integrated table matches the context.');
    const viewer = await viewerOf(request, deps);
    const folders = await deps.db
      .selectFrom('display_folders')
      .selectAll()
      .where('integrated_table_id', '=', resolved.sit.id)
      .where('enabled', '=', 1)
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    // The record's document ids first, through the record_links_record index (a few rows), then
    // visibility on those ids alone: as one query (EXISTS or IN subquery) PostgreSQL walked every
    // visible document before the semi-join (500 ms a listing on 100,000 documents).
    const recordDocumentIds =
      resolved.recordId === null
        ? []
        : (await recordLinkIds(deps, resolved).execute()).map((row) => row.document_id);
    const rows =
      recordDocumentIds.length === 0
        ? []
        : await selectVisibleDocuments(deps.db, viewer)
            // A record with more ids than a statement may bind takes the subquery (slower, but bounded).
            .where('d.id', 'in', recordDocumentIds.length <= MAX_BOUND_IDS ? recordDocumentIds : recordLinkIds(deps, resolved))
            .orderBy('d.name')
            .orderBy('d.id')
            .limit(2000)
            .execute();
    return presentFolderTree({
      context: resolved,
      folders,
      documents: rows.map(presentDocument),
      expansionLevel: await readNumberOption(deps.db, 'Folder Search Expansion Level'),
      expandToDocId,
      callerMayUpload:
        viewer.privileges.has('Cabinet: Import Documents') &&
        (await canUploadTo(deps.db, viewer, resolved.sit.id, resolved.dataAreaId)),
    });
  });
}
