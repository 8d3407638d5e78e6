import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import type { DmsDocument } from '../model/document';
import type { DocumentDecision } from '../model/documentDecision';
import type { Note } from '../model/note';
import type { PossibleDuplicate } from '../model/possibleDuplicate';
import type { QueueDocumentsPage, WorkflowQueue, WorkflowQueueType, WorkflowRoot } from '../model/workflowStructure';
import type { VersionInfo } from '../model/version';

import { nullableAnswer as nullable } from './nullableAnswer';
import type { SameType as Same } from './sameType';

/**
 * `GET /api/version` → VersionInfo. Response schemas are what Fastify's serialiser writes: a
 * property missing here is dropped from the answer, so each one is checked against its model type
 * below (a field added to the model and not here fails the build).
 */
export const VersionAnswer = Type.Object({
  version: Type.String(),
  build: Type.String(),
  schemaVersion: Type.Integer(),
});

/** One note (core model Note, spec §3 "Note"). */
export const NoteAnswer = Type.Object({
  id: Type.Integer(),
  docId: Type.Integer(),
  kind: Type.Union([Type.Literal('user'), Type.Literal('system'), Type.Literal('viewed')]),
  text: Type.String(),
  author: Type.String({ description: "The author's login." }),
  authorName: Type.Optional(Type.String({ description: "The author's display name; the login when the user has no name." })),
  createdAt: Type.String({ description: 'ISO 8601 time.' }),
});

/** `GET /api/documents/{id}/notes` → Note[] (oldest first). */
export const NoteListAnswer = Type.Array(NoteAnswer);

/** A document's link to an ERP record (core model DocumentLink). */
export const DocumentLinkAnswer = Type.Object({
  dataAreaId: Type.String(),
  sourceTableId: Type.Integer(),
  sourceType: Type.Integer(),
  sourceNumber: Type.String(),
  sourceEntityTypeName: Type.Optional(Type.String()),
  recordId: Type.String(),
  sitId: Type.Integer(),
});

/** A queue row's decision data (core model DocumentDecision; only GET /api/queues/{id}/workflow sends it). */
export const DocumentDecisionAnswer = Type.Object({
  vendorNumber: nullable(Type.String()),
  vendorName: nullable(Type.String()),
  invoiceNumber: nullable(Type.String()),
  amount: nullable(Type.Number()),
  currencyCode: nullable(Type.String()),
  invoiceDate: nullable(Type.String({ description: 'YYYY-MM-DD' })),
  dueDate: nullable(Type.String({ description: 'YYYY-MM-DD' })),
  cashDiscountDate: nullable(Type.String({ description: 'YYYY-MM-DD' })),
  factsState: Type.Union([Type.Literal('current'), Type.Literal('stale'), Type.Literal('loading'), Type.Literal('unlinked')]),
  factsFetchedAt: nullable(Type.String()),
  daysInQueue: Type.Integer(),
  noteCount: Type.Integer(),
  overdue: Type.Boolean(),
  discountExpiresToday: Type.Boolean(),
  localCurrencyCode: Type.Optional(
    nullable(Type.String({ description: "The local currency (LCY) of the record's company, the currency approval limits are read in." })),
  ),
});

/** Another document a document may duplicate (core model PossibleDuplicate; issue 35). */
export const PossibleDuplicateAnswer = Type.Object({
  id: nullable(Type.Integer({ description: 'Null when the caller cannot open the other document.' })),
  name: nullable(Type.String()),
  queueName: nullable(Type.String()),
  approved: Type.Boolean(),
  reasons: Type.Array(Type.Union([Type.Literal('file'), Type.Literal('vendorInvoiceNumber'), Type.Literal('vendorAmountDate')])),
});

/** `GET /api/documents/{id}/duplicates` → the documents it may duplicate. */
export const PossibleDuplicateListAnswer = Type.Array(PossibleDuplicateAnswer);

/** A stored document as the web services return it (core model DmsDocument, spec §3 "Document"). */
export const DocumentAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  extension: Type.String(),
  FileSize: Type.Number({ description: 'File size in bytes (the spec spells it so).' }),
  mediaType: Type.String(),
  totalPages: Type.Integer(),
  splittable: Type.Boolean(),
  link: nullable(DocumentLinkAnswer),
  lock: nullable(Type.Object({ lockExpiration: nullable(Type.String()), ownLock: Type.Boolean(), holder: nullable(Type.String()) })),
  userLock: Type.Union([Type.Literal('self'), Type.Literal('other'), Type.Literal('none')]),
  queueName: nullable(Type.String()),
  queue: nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      queueTypeId: Type.Optional(Type.Integer()),
      queueTypeName: Type.String(),
      features1: Type.Integer(),
      features2: Type.Integer(),
      defaultApproveRequiresNote: Type.Optional(Type.Boolean()),
      defaultRejectRequiresNote: Type.Optional(Type.Boolean()),
    }),
  ),
  workflowPerms: Type.Integer(),
  workflowModifiers: Type.Object({
    approvalRouteRequired: Type.Boolean(),
    blockApproveUnlinked: Type.Boolean(),
    noRoutes: Type.Boolean(),
    blockRouteUnlinked: Type.Boolean(),
    warnRouteUnlinked: Type.Boolean(),
    quickLink: Type.Boolean(),
  }),
  hasApprovalRoutes: Type.Boolean(),
  hasAvailableRoutes: Type.Boolean(),
  canApprovalRoutes: Type.Boolean(),
  canRouteForApprovalFromRecord: Type.Boolean(),
  changeAnnotations: Type.Optional(Type.Boolean()),
  userString: Type.String(),
  userDate: nullable(Type.String({ description: 'ISO date-time; 12:00 UTC means date-only.' })),
  subtype: nullable(Type.Object({ id: Type.Integer(), text: Type.String() })),
  type: nullable(Type.String({ description: "The integrated table label of the document's link." })),
  rowVersion: Type.Integer(),
  createdAt: Type.String(),
  createdBy: Type.String(),
  modifiedAt: Type.String(),
  submitted: Type.Optional(Type.Boolean()),
  decision: Type.Optional(DocumentDecisionAnswer),
  possibleDuplicates: Type.Optional(PossibleDuplicateListAnswer),
  rejection: Type.Optional(
    nullable(
      Type.Object(
        {
          reason: nullable(Type.String()),
          rejectedBy: Type.String(),
          rejectedAt: Type.String({ description: 'ISO 8601 time.' }),
          fromQueueName: Type.String(),
        },
        {
          description: 'Ours (issue 38): the reject that put the document in its queue, with its reason; only the queue listing sends it.',
        },
      ),
    ),
  ),
});

/** `GET /api/documents?docId[]=…` → DmsDocument[]. */
export const DocumentListAnswer = Type.Array(DocumentAnswer);

/** A workflow queue with the caller's view of it (core model WorkflowQueue, portal §6). */
export const WorkflowQueueAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  queueTypeId: Type.Integer(),
  queueTypeName: Type.String(),
  documentCount: Type.Integer({ description: 'Documents in the queue the caller may see.' }),
  features1: Type.Integer(),
  features2: Type.Integer(),
  defaultApproveRequiresNote: Type.Boolean(),
  defaultRejectRequiresNote: Type.Boolean(),
  approveToQueueId: nullable(Type.Integer()),
  rejectToQueueId: nullable(Type.Integer()),
  workflowPerms: Type.Integer({ description: "The caller's workflowPerms bitmask on this queue." }),
  dueSoonCount: Type.Optional(
    Type.Integer({ description: 'Visible documents due today or within 3 days, not yet overdue (workflow root only).' }),
  ),
  overdueCount: Type.Optional(Type.Integer({ description: 'Visible documents past their due date (workflow root only).' })),
  approvalLimit: Type.Optional(
    nullable(
      Type.Number({
        description: "The caller's approval limit in the queue, the lower of queue and group limits; null: none (documents listing only).",
      }),
    ),
  ),
  importRefusal: Type.Optional(
    nullable(
      Type.String({
        description:
          "Why the caller may not import files into the queue (NoImporting, a final queue, no Paste flag), in the server's words; null: they may.",
      }),
    ),
  ),
  approverNotPreparer: Type.Optional(
    Type.Boolean({ description: 'Segregation of duties: who imported, submitted or coded a document may not approve it here.' }),
  ),
  oneLevelPerApprover: Type.Optional(
    Type.Boolean({ description: 'Segregation of duties: nobody approves the same document at two levels.' }),
  ),
});

/** `GET /api/queue-types/{id}/queues` → WorkflowQueue[]. */
export const WorkflowQueueListAnswer = Type.Array(WorkflowQueueAnswer);

/** A queue type with the queues of it the caller may browse (core model WorkflowQueueType). */
export const WorkflowQueueTypeAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  documentCount: Type.Integer(),
  queues: WorkflowQueueListAnswer,
});

/** `GET /api/workflow-root`, `GET /api/workflow-structure` → the queue types the caller can browse. */
export const WorkflowRootAnswer = Type.Object({ queueTypes: Type.Array(WorkflowQueueTypeAnswer) });

/** `GET /api/queues/{id}/workflow` → one page of a queue's documents. */
export const QueueDocumentsPageAnswer = Type.Object({
  queue: WorkflowQueueAnswer,
  documents: DocumentListAnswer,
  total: Type.Integer(),
  skip: Type.Integer(),
  take: Type.Integer(),
});

const queueMatches: Same<Static<typeof WorkflowQueueAnswer>, WorkflowQueue> = true;
const queueTypeMatches: Same<Static<typeof WorkflowQueueTypeAnswer>, WorkflowQueueType> = true;
const queuePageMatches: Same<Static<typeof QueueDocumentsPageAnswer>, QueueDocumentsPage> = true;
const rootMatches: Same<Static<typeof WorkflowRootAnswer>, WorkflowRoot> = true;
void rootMatches;
void queueMatches;
void queueTypeMatches;
void queuePageMatches;
const decisionMatches: Same<Static<typeof DocumentDecisionAnswer>, DocumentDecision> = true;
void decisionMatches;
const duplicateMatches: Same<Static<typeof PossibleDuplicateAnswer>, PossibleDuplicate> = true;
void duplicateMatches;
const documentMatches: Same<Static<typeof DocumentAnswer>, DmsDocument> = true;
void documentMatches;
const versionMatches: Same<Static<typeof VersionAnswer>, VersionInfo> = true;
const noteMatches: Same<Static<typeof NoteAnswer>, Note> = true;
void versionMatches;
void noteMatches;

/** The 200 answer schema of a route, for its `schema.response`. */
export function okAnswer<T extends TSchema>(schema: T): { 200: T } {
  return { 200: schema };
}

/** The 201 answer schema of a creating route, for its `schema.response`. */
export function createdAnswer<T extends TSchema>(schema: T): { 201: T } {
  return { 201: schema };
}
