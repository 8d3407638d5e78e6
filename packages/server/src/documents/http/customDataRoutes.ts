import {
  CustomCategoryDetailAnswer,
  CustomCategoryListAnswer,
  CustomDataBody,
  DocumentCustomDataAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import type { CustomDataRequest } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { CustomCategory, CustomCategoryDetail, DocumentCustomData } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { customDataUpdateOf, saveCustomData } from '../customDataWriter';
import { findVisibleDocument, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { notFound } from '../../http/HttpError';
import { documentIdParam, integerParam } from '../../http/requestHelpers';
import { applicableCategories, categoriesWithFields, valuesOf } from '../customDataQueries';

/** 404 with the spec's text unless the caller may see the document. */
async function assertVisible(deps: AppDeps, viewer: Viewer, id: number): Promise<void> {
  if ((await findVisibleDocument(deps.db, viewer, id)) === undefined) throw notFound(MESSAGES.documentNotFound);
}

async function customDataOf(deps: AppDeps, documentId: number): Promise<DocumentCustomData> {
  const categories = await categoriesWithFields(deps.db, await applicableCategories(deps.db, documentId));
  const fieldIds = categories.flatMap((category) => category.fields.map((field) => field.id));
  return { documentId, categories, values: await valuesOf(deps.db, documentId, fieldIds) };
}

/**
 * Custom document data (embedded §7 "Custom data", portal §3 category fields): the categories
 * that apply to a document (its subtype's, and those for every document), one with its fields,
 * the document's values, and storing values (ManualEntry fields only). Invisible documents → 404.
 */
export function registerCustomDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/documents/:id/custom-categories',
    { schema: { response: okAnswer(CustomCategoryListAnswer) } },
    async (request): Promise<CustomCategory[]> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      await assertVisible(deps, viewer, id);
      return applicableCategories(deps.db, id);
    },
  );

  app.get(
    '/documents/:id/custom-categories/:categoryId',
    { schema: { response: okAnswer(CustomCategoryDetailAnswer) } },
    async (request): Promise<CustomCategoryDetail> => {
      const id = documentIdParam(request);
      const categoryId = integerParam(request, 'categoryId');
      const viewer = viewerOf(request);
      await assertVisible(deps, viewer, id);
      const category = (await applicableCategories(deps.db, id)).find((c) => c.id === categoryId);
      if (category === undefined) throw notFound('The category does not apply to this document.');
      const [detail] = await categoriesWithFields(deps.db, [category]);
      return detail;
    },
  );

  app.get(
    '/document/:id/custom',
    { schema: { response: okAnswer(DocumentCustomDataAnswer) } },
    async (request): Promise<DocumentCustomData> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      await assertVisible(deps, viewer, id);
      return customDataOf(deps, id);
    },
  );

  app.post<{ Body: CustomDataRequest }>(
    '/document/:id/custom',
    { schema: { body: CustomDataBody, response: okAnswer(DocumentCustomDataAnswer) } },
    async (request): Promise<DocumentCustomData> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      await assertVisible(deps, viewer, id);
      const update = customDataUpdateOf(request.body);
      const current = await customDataOf(deps, id);
      await saveCustomData(
        deps,
        viewer,
        id,
        current.categories.flatMap((category) => category.fields),
        update,
      );
      return customDataOf(deps, id);
    },
  );
}
