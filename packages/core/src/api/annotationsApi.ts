import type { Annotation, AnnotationInput } from '../model';
import type { ApiClient } from './ApiClient';

/**
 * The annotations resource (spec §7 "Annotations"): a page's annotations, one annotation, and
 * create / update / delete. Bodies are AnnotationInput; answers are the server's Annotation.
 */
export interface AnnotationsApi {
  /** A page's annotations (GET /annotations?docId=&page=), in drawing order. */
  getAnnotations(docId: number, page: number, signal?: AbortSignal): Promise<Annotation[]>;
  /** One annotation (GET /annotations/{id}). */
  getAnnotation(id: string, signal?: AbortSignal): Promise<Annotation>;
  /** Adds an annotation to a document (POST /documents/{id}/annotations). */
  createAnnotation(docId: number, input: AnnotationInput): Promise<Annotation>;
  /** Changes an annotation (PUT /annotations/{id}); fields left out keep their stored values. */
  updateAnnotation(id: string, input: Partial<AnnotationInput>): Promise<Annotation>;
  /** Removes an annotation (DELETE /annotations/{id}). */
  deleteAnnotation(id: string): Promise<void>;
}

/** Creates the annotations resource over an ApiClient. */
export function annotationsApi(client: ApiClient): AnnotationsApi {
  // Ids are uuids from the server, but they still go through encodeURIComponent so a bad one cannot change the path.
  const path = (id: string): string => `/annotations/${encodeURIComponent(id)}`;
  return {
    getAnnotations: (docId, page, signal) => client.get<Annotation[]>('/annotations', { query: { docId, page }, signal }),
    getAnnotation: (id, signal) => client.get<Annotation>(path(id), { signal }),
    createAnnotation: (docId, input) => client.post<Annotation>(`/documents/${docId}/annotations`, input),
    updateAnnotation: (id, input) => client.put<Annotation>(path(id), input),
    deleteAnnotation: async (id) => {
      await client.delete<unknown>(path(id));
    },
  };
}
