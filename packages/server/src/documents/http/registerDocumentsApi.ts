import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerAnnotationRoutes } from './annotationRoutes';
import { registerBase64Routes } from './base64Routes';
import { registerCustomDataRoutes } from './customDataRoutes';
import { registerDocumentRoutes } from './documentRoutes';
import { registerExportRoutes } from './exportRoutes';
import { registerMergeRoutes } from './mergeRoutes';
import { registerNoteRoutes } from './noteRoutes';
import { registerRecombinationRoutes } from './recombinationRoutes';
import { registerSplitRoutes } from './splitRoutes';
import { registerSubtypeRoutes } from './subtypeRoutes';

/** Registers the documents module's /api routes: a document and its parts: upload and read, data and thumbnails, export, notes, split, recombination, merge, annotations, subtypes and custom data. */
export function registerDocumentsApi(api: FastifyInstance, deps: ErpDeps): void {
  registerDocumentRoutes(api, deps);
  registerExportRoutes(api, deps);
  registerBase64Routes(api, deps);
  registerNoteRoutes(api, deps);
  registerSplitRoutes(api, deps);
  registerRecombinationRoutes(api, deps);
  registerMergeRoutes(api, deps);
  registerAnnotationRoutes(api, deps);
  registerSubtypeRoutes(api, deps);
  registerCustomDataRoutes(api, deps);
}
