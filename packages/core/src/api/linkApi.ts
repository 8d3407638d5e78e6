import type { EntityProperty, EntityRecord, LinkChange, LinkableTable, PushLinkRequestBody } from '../contract';
import type { ApiClient } from './ApiClient';

/**
 * The record a document is linked to (embedded §3 "Link to a record", the query of
 * `POST /documents/{id}/link`), and the window's view of the document (refused when stale).
 */
export interface RecordLinkTarget {
  /** `prefix:namespace.name`, e.g. 'bc:Microsoft.NAV.PurchaseHeader'. */
  relatedTypeName: string;
  relatedDataAreaId: string;
  /** The record's key in the ERP (BC SystemId). */
  relatedRecordId: string;
  relatedTableId?: number;
  relatedSitId?: number;
  /** The document's row version the window saw. */
  rowConflictId?: number;
  /** The queue the window saw the document in. */
  expectedQueueId?: number;
}

/** What Break Link sends (the query of `DELETE /documents/{id}/link`): the window's view of the document. */
export interface BreakLinkGuard {
  rowConflictId: number;
  expectedQueueId?: number;
}

/** `GET /api/entities/url`'s answer: the ERP web client's URL of the record's card. */
export interface RecordUrl {
  url: string;
  pageId: number;
  number: string;
}

/** The record whose card's URL is asked for (the query of `GET /entities/url`). */
export interface RecordUrlQuery {
  typeName: string;
  /** Blank or absent: the ERP source's own company. */
  dataAreaId?: string;
  recordId: string;
}

/** The spec's page of entity records (embedded §7: skip 0, take 30). */
export const ENTITY_PAGE_SIZE = 30;

/** How one page of an entity type's records is asked for (GET /entity-types/{name}/entities). */
export interface EntityPageQuery {
  /** The column set; the server's default is pushLink. */
  columnSetName?: string;
  skip: number;
  take?: number;
  /** field → text, sent as q_{field}; blank texts are left out. */
  filters: Readonly<Record<string, string>>;
  /** The company to read; the source's own when absent. */
  dataAreaId?: string;
  /** The document being linked, so the server holds the list to its company under RestrictToDataAreaId. */
  docId?: number;
}

/** The entity-type and link calls of the web services (embedded §7 "Folders, entities, metadata" and "Documents"). */
export interface LinkApi {
  /** The integrated tables a document can be linked to (GET /sits?allowRecordLinking=true). */
  getLinkableTables(signal?: AbortSignal): Promise<LinkableTable[]>;
  /** The properties of an entity type's column set (GET /entity-types/{name}/properties). */
  getEntityTypeProperties(typeName: string, columnSetName?: string, signal?: AbortSignal): Promise<EntityProperty[]>;
  /** One page of an entity type's records (GET /entity-types/{name}/entities). */
  getEntities(typeName: string, query: EntityPageQuery, signal?: AbortSignal): Promise<EntityRecord[]>;
  /** Links a document to a record (POST /documents/{id}/link, the record in the query); answers the new link and row version. */
  linkDocument(docId: number, target: RecordLinkTarget): Promise<LinkChange>;
  /** Breaks a document's link (DELETE /documents/{id}/link, query rowConflictId and expectedQueueId); answers the link left (null) and row version. */
  breakLink(docId: number, guard: BreakLinkGuard): Promise<LinkChange>;
  /** Links a document to the record open in the ERP page (PUT /documents/{id}/push-link); the server releases the lock the body names. */
  pushLink(docId: number, body: PushLinkRequestBody): Promise<LinkChange>;
  /** The ERP web client's URL of a record's card (GET /entities/url), for Launch Card. */
  getRecordUrl(record: RecordUrlQuery, signal?: AbortSignal): Promise<RecordUrl>;
}

/** Creates the entity-type and link calls over an ApiClient. */
export function linkApi(client: ApiClient): LinkApi {
  return {
    getLinkableTables: (signal) => client.get<LinkableTable[]>('/sits', { query: { allowRecordLinking: true }, signal }),
    getEntityTypeProperties: (typeName, columnSetName, signal) =>
      client.get<EntityProperty[]>(`/entity-types/${encodeURIComponent(typeName)}/properties`, { query: { columnSetName }, signal }),
    getEntities: (typeName, query, signal) => {
      const filters: Record<string, string> = {};
      for (const [field, text] of Object.entries(query.filters)) if (text.trim() !== '') filters[`q_${field}`] = text.trim();
      return client.get<EntityRecord[]>(`/entity-types/${encodeURIComponent(typeName)}/entities`, {
        query: {
          columnSetName: query.columnSetName,
          skip: query.skip,
          take: query.take ?? ENTITY_PAGE_SIZE,
          dataAreaId: query.dataAreaId,
          docId: query.docId,
          ...filters,
        },
        signal,
      });
    },
    linkDocument: (docId, target) =>
      client.post<LinkChange>(`/documents/${docId}/link`, undefined, {
        query: {
          relatedTypeName: target.relatedTypeName,
          relatedDataAreaId: target.relatedDataAreaId,
          relatedRecordId: target.relatedRecordId,
          relatedTableId: target.relatedTableId,
          relatedSitId: target.relatedSitId,
          rowConflictId: target.rowConflictId,
          expectedQueueId: target.expectedQueueId,
        },
      }),
    breakLink: (docId, guard) =>
      client.delete<LinkChange>(`/documents/${docId}/link`, {
        query: { rowConflictId: guard.rowConflictId, expectedQueueId: guard.expectedQueueId },
      }),
    pushLink: (docId, body) => client.put<LinkChange>(`/documents/${docId}/push-link`, body),
    getRecordUrl: (record, signal) =>
      client.get<RecordUrl>('/entities/url', {
        query: { typeName: record.typeName, dataAreaId: record.dataAreaId || undefined, recordId: record.recordId },
        signal,
      }),
  };
}
