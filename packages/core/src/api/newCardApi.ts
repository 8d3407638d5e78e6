import type { LinkChange, LinkableTable, NewCardOperation, NewCardRecord } from '../contract';
import type { ApiClient } from './ApiClient';

/** What initiate sends (PUT /documents/{id}/new-card, operationType 'initiate'). */
export interface NewCardStart {
  typeId: number;
  subTypeId: number | null;
  /** Blank: the ERP source's own company. */
  dataAreaId: string;
}

/** What complete sends (operationType 'complete'): the record the ERP made. */
export interface NewCardFinish {
  typeId: number;
  subTypeId: number | null;
  dataAreaId: string;
  tableId: number;
  recordId: string;
}

/** The calls of New Card From Document (embedded §7): the tables, initiate, the record made in the ERP, complete. */
export interface NewCardApi {
  /** The integrated tables a new card can be made in (GET /sits/allowsNewCard). */
  tables(signal?: AbortSignal): Promise<LinkableTable[]>;
  /** Starts the operation on a document (PUT /documents/{id}/new-card, operationType 'initiate'). */
  initiate(docId: number, start: NewCardStart): Promise<NewCardOperation>;
  /** Makes the record in the ERP (POST /new-card) with the facts it needs. */
  create(docId: number, values: Readonly<Record<string, string>>): Promise<NewCardRecord>;
  /** Links the document to the record and ends the operation; answers the new link and row version. */
  complete(docId: number, finish: NewCardFinish): Promise<LinkChange>;
}

/** Creates the new-card calls over an ApiClient. */
export function newCardApi(client: ApiClient): NewCardApi {
  return {
    tables: (signal) => client.get<LinkableTable[]>('/sits/allowsNewCard', { signal }),
    initiate: (docId, start) => client.put<NewCardOperation>(`/documents/${docId}/new-card`, { operationType: 'initiate', ...start }),
    create: (docId, values) => client.post<NewCardRecord>('/new-card', { docId, values }),
    complete: (docId, finish) => client.put<LinkChange>(`/documents/${docId}/new-card`, { operationType: 'complete', ...finish }),
  };
}
