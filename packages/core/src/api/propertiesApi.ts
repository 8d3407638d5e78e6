import type {
  CustomCategory,
  CustomCategoryDetail,
  CustomFieldValue,
  DmsDocument,
  DocumentCustomData,
  NewSubtype,
  Subtype,
  SubtypePage,
  SubtypeUpdate,
} from '../model';
import type { ApiClient } from './ApiClient';

/** Filters of the subtype listings. */
export interface SubtypeQuery {
  sitId?: number;
  q?: string;
}

/** Options of an automatic name: the record of the context instead of the primary link. */
export interface AutoNameContext {
  dataAreaId?: string;
  recordId?: string;
}

/**
 * A document's properties in the web services (spec §7 "Documents", "Subtypes and integrated
 * tables", "Custom data"): subtypes and the subtype change, rename and automatic name, custom
 * categories and data.
 */
export interface PropertiesApi {
  /** GET /subtype: subtypes of the tables the caller may see. */
  listSubtypes(query?: SubtypeQuery, signal?: AbortSignal): Promise<Subtype[]>;
  /** GET /v2/subtype: one page of them with the total. */
  pageSubtypes(query: SubtypeQuery & { skip?: number; take?: number }, signal?: AbortSignal): Promise<SubtypePage>;
  /** GET /documents/type/{sitId}/subtypes?modify=: with modify, only when the caller may change subtypes. */
  documentTypeSubtypes(sitId: number, modify: boolean, signal?: AbortSignal): Promise<Subtype[]>;
  /** GET /sits/{sitId}/subtypes. */
  tableSubtypes(sitId: number, signal?: AbortSignal): Promise<Subtype[]>;
  /** POST /subtypes (security managers). */
  createSubtype(subtype: NewSubtype): Promise<Subtype>;
  /** PUT /integrated-tables/{sitId}/subtypes/{id} (security managers). */
  updateSubtype(sitId: number, id: number, update: SubtypeUpdate): Promise<Subtype>;
  /** PUT /documents/{id}/subtype; answers the changed document. */
  changeSubtype(id: number, subtypeId: number, rowVersion?: number): Promise<DmsDocument>;
  /** PUT /documents/{id} with a new name (linked documents only). */
  renameDocument(id: number, name: string): Promise<DmsDocument>;
  /** PUT /documents/{id} with autoname (linked documents only); with a context, the name comes from that record. */
  applyAutomaticName(id: number, context?: AutoNameContext): Promise<DmsDocument>;
  /** GET /documents/{id}/custom-categories. */
  customCategories(id: number, signal?: AbortSignal): Promise<CustomCategory[]>;
  /** GET /documents/{id}/custom-categories/{categoryId}. */
  customCategory(id: number, categoryId: number, signal?: AbortSignal): Promise<CustomCategoryDetail>;
  /** GET /document/{id}/custom. */
  customData(id: number, signal?: AbortSignal): Promise<DocumentCustomData>;
  /** POST /document/{id}/custom; answers the stored data. */
  saveCustomData(id: number, values: readonly CustomFieldValue[]): Promise<DocumentCustomData>;
}

/** Creates the properties resource over an ApiClient. */
export function propertiesApi(client: ApiClient): PropertiesApi {
  return {
    listSubtypes: (query = {}, signal) => client.get<Subtype[]>('/subtype', { query: { sitId: query.sitId, q: query.q }, signal }),
    pageSubtypes: (query, signal) =>
      client.get<SubtypePage>('/v2/subtype', { query: { sitId: query.sitId, q: query.q, skip: query.skip, take: query.take }, signal }),
    documentTypeSubtypes: (sitId, modify, signal) =>
      client.get<Subtype[]>(`/documents/type/${sitId}/subtypes`, { query: { modify }, signal }),
    tableSubtypes: (sitId, signal) => client.get<Subtype[]>(`/sits/${sitId}/subtypes`, { signal }),
    createSubtype: (subtype) => client.post<Subtype>('/subtypes', subtype),
    updateSubtype: (sitId, id, update) => client.put<Subtype>(`/integrated-tables/${sitId}/subtypes/${id}`, update),
    changeSubtype: (id, subtypeId, rowVersion) =>
      client.put<DmsDocument>(
        `/documents/${id}/subtype`,
        rowVersion === undefined ? { subtype: subtypeId } : { subtype: subtypeId, rowVersion },
      ),
    renameDocument: (id, name) => client.put<DmsDocument>(`/documents/${id}`, { name }),
    applyAutomaticName: (id, context) =>
      client.put<DmsDocument>(
        `/documents/${id}`,
        context === undefined ? { autoname: true } : { autoname: true, useContext: true, ...context },
      ),
    customCategories: (id, signal) => client.get<CustomCategory[]>(`/documents/${id}/custom-categories`, { signal }),
    customCategory: (id, categoryId, signal) =>
      client.get<CustomCategoryDetail>(`/documents/${id}/custom-categories/${categoryId}`, { signal }),
    customData: (id, signal) => client.get<DocumentCustomData>(`/document/${id}/custom`, { signal }),
    saveCustomData: (id, values) => client.post<DocumentCustomData>(`/document/${id}/custom`, { values }),
  };
}
