import { recordWorkflowAction, workflowActionRequestOf } from '../workflowActionRecorder';
import { invalid } from '../../errors/DomainError';
import { canSeeDocument, visibleDocumentOr404 } from '../../access';
import type { Viewer } from '../../access';
import type { ErpDeps } from '../../erp';
import { entityBodyOf, requiredInt32, stringProperty } from '../../http/odata/entityBody';
import { ROW_VERSION } from '../../http/odata/EntitySetDefinition';
import type { EntityPatch, EntitySetDefinition, ODataEntity, SourceRow } from '../../http/odata/EntitySetDefinition';
import { rowVersionOfIfMatch } from '../../http/odata/etagOf';
import { ODataError } from '../../http/odata/ODataError';
import { intOf, intOrNullOf, textOf } from '../../http/odata/sourceValues';

/** What a PATCH may name: the target queue, and the note the move writes (not a property: reads never show it). */
const WRITABLE = ['WorkflowQueueId', 'NoteText'];
const READ_ONLY = ['Id', 'Name', 'LinkId', 'RecordLink'];

/** The `Datahaven.RecordLink` value of a row, or null when the document has no primary link. */
function recordLinkOf(row: SourceRow): ODataEntity | null {
  if (row.link_id === null || row.link_id === undefined) return null;
  return {
    Record: {
      RecordType: {
        ExternalTableId: intOf(row, 'link_table_id'),
        ExternalTypeId: intOf(row, 'link_source_type'),
        IntegratedTableId: intOf(row, 'link_sit_id'),
        FullTypeName: textOf(row, 'link_type_name'),
      },
      SyntheticId: textOf(row, 'link_record_id'),
      DataAreaId: textOf(row, 'link_data_area_id'),
    },
    SubtypeId: intOrNullOf(row, 'subtype_id'),
  };
}

/**
 * PATCH Documents(id) `{ WorkflowQueueId, NoteText? }`: the document moves from its queue to
 * WorkflowQueueId through THE routing command of PUT /api/documents/route (recordWorkflowAction
 * with action 'route'), so the rules and their messages are the same: 'Workflow Route: OK'
 * privilege (403), visibility (404), the Route access of the queue (403), a route from the queue
 * to the target ('No Routes Available', 400), the note rules (400), another user's lock (409), and
 * the row version the If-Match names ('Document Queue Out Of Sync With Window', 409, when stale).
 * No If-Match → 428 as every data-service change; one naming no row version → 412.
 */
function routeDocument(deps: ErpDeps): EntityPatch<Viewer> {
  return async (key, ifMatch, raw, viewer) => {
    const body = entityBodyOf(raw, WRITABLE, READ_ONLY);
    const to = requiredInt32(body, 'WorkflowQueueId');
    const note = 'NoteText' in body && body.NoteText !== null ? (stringProperty(body, 'NoteText', Number.MAX_SAFE_INTEGER) ?? null) : null;
    if (ifMatch === undefined || ifMatch.trim() === '') {
      throw new ODataError(428, 'Changing an entity needs an If-Match header with its @odata.etag (or *).');
    }
    const current = await visibleDocumentOr404(deps.db, viewer, key.Id);
    if (current.queue_id === null) throw invalid('The document is in no workflow queue; only a document in a queue moves to another.');
    const version = rowVersionOfIfMatch(ifMatch, current.row_version);
    if (version === null) throw new ODataError(412, 'The entity has changed since it was read; read it again.');
    const request = workflowActionRequestOf('route', {
      docId: [key.Id],
      rowConflictIds: [version],
      expectedQueueId: current.queue_id,
      to,
      note,
    });
    const result = await recordWorkflowAction(deps, viewer, request);
    const moved = result.documents[0];
    if (moved === undefined) throw new Error('The routing command answered no document.');
    return moved.rowVersion;
  };
}

/**
 * `Documents` (key Id, portal §3): Id, Name, LinkId (the primary record link, a
 * DocumentRecordLinks key), WorkflowQueueId (null: not in workflow), RecordLink (the primary
 * link's record and the document's subtype; null when unlinked). Every caller reads it, each
 * seeing exactly the documents /api shows them (access/documentVisibility: table access, queue
 * access, delegates; managers all); the ETag is the row version. Changed only by PATCH of
 * WorkflowQueueId (`routeDocument`), over the server's dependencies.
 */
export function documentsSet(deps: ErpDeps): EntitySetDefinition<Viewer> {
  return {
    name: 'Documents',
    entityType: 'Document',
    keys: ['Id'],
    audience: 'documentViewer',
    properties: [
      { name: 'Id', type: 'Edm.Int32', nullable: false, column: 'id', filterable: true, sortable: true },
      { name: 'Name', type: 'Edm.String', nullable: false, column: 'name', sortable: true },
      { name: 'LinkId', type: 'Edm.Int32', nullable: true, column: 'link_id', filterable: true, sortable: true },
      { name: 'WorkflowQueueId', type: 'Edm.Int32', nullable: true, column: 'queue_id', filterable: true, sortable: true },
      { name: 'RecordLink', type: 'Datahaven.RecordLink', nullable: true },
    ],
    source: (_databaseNow, { db, viewer }) =>
      db
        .selectFrom('documents as d')
        .leftJoin('record_links as l', (join) => join.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
        .select([
          'd.id',
          'd.name',
          'd.queue_id',
          'd.subtype_id',
          'd.row_version',
          'l.id as link_id',
          'l.table_id as link_table_id',
          'l.source_type as link_source_type',
          'l.integrated_table_id as link_sit_id',
          'l.type_name as link_type_name',
          'l.record_id as link_record_id',
          'l.data_area_id as link_data_area_id',
        ])
        .where((eb) => canSeeDocument(eb, viewer)),
    present: async (_db, rows) =>
      rows.map((row) => ({
        Id: intOf(row, 'id'),
        Name: textOf(row, 'name'),
        LinkId: intOrNullOf(row, 'link_id'),
        WorkflowQueueId: intOrNullOf(row, 'queue_id'),
        RecordLink: recordLinkOf(row),
        [ROW_VERSION]: intOf(row, 'row_version'),
      })),
    patch: routeDocument(deps),
  };
}
