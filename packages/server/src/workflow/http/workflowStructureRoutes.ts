import {
  DocumentQueueAnswer,
  DocumentWorkflowPermsAnswer,
  LinkToApprovalSetupAnswer,
  QueueDocumentsPageAnswer,
  ReadonlyAnswer,
  RouteTargetsAnswer,
  WorkflowQueueAnswer,
  WorkflowQueueListAnswer,
  WorkflowQueueTypeAnswer,
  WorkflowRootAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import { MESSAGES, messageFunctionsFor } from '@datahaven/core/rules';
import type {
  DocumentWorkflowPerms,
  LinkToApprovalSetup,
  QueueDocumentsPage,
  RouteTargets,
  WorkflowQueue,
  WorkflowQueueType,
  WorkflowRoot,
} from '@datahaven/core/model';
import { hasQueueFeature } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import {
  findQueuesWithAccess,
  findVisibleDocument,
  findVisibleDocuments,
  lockStateOf,
  presentDocument,
  queueActionAllowed,
  workflowPermsFromAccess,
} from '../../access';
import type { Viewer } from '../../access';
import { effectiveApprovalLimit } from '../approvalLimits';
import { presentWorkflowQueueType, presentWorkflowQueueTypes, queueMatches } from '../workflowQueuePresenter';
import type { QueueListFilter } from '../workflowQueuePresenter';
import { findDueCounts, findQueueDocumentsPage, presentDecision } from '../queueDocuments';
import { readLastRejections } from '../lastRejections';
import { enqueueListedFactsRefresh } from '../../erp';
import type { ErpDeps } from '../../erp';
import { findBrowsableQueue, findBrowsableQueues } from '../workflowStructureQueries';
import type { BrowsableQueue, QueueTypeSummary } from '../workflowStructureQueries';
import { badRequest, notFound } from '../../http/HttpError';
import {
  documentIdParam,
  parseDocumentId,
  parseDocumentIdList,
  queryFlag,
  queryInteger,
  queryOf,
  queryString,
  integerParam,
} from '../../http/requestHelpers';
import { workflowViewerOf } from './workflowViewerOf';
import type { RawQuery } from '../../http/requestHelpers';
import { parseQueueDocumentsQuery } from './parseQueueDocumentsQuery';

/** Longest `q` accepted by the structure calls, in characters. */
export const MAX_QUEUE_QUERY_LENGTH = 200;

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** A queue id from the path or query: a positive integer, else 400. */
function parseQueueId(raw: string | undefined): number {
  if (raw === undefined || !ID_PATTERN.test(raw)) throw badRequest('Queue ids are positive integers.');
  return Number(raw);
}

function listFilter(query: RawQuery, hideEmptyByDefault = false): QueueListFilter {
  const q = queryString(query, 'q') ?? '';
  if (q.length > MAX_QUEUE_QUERY_LENGTH) throw badRequest(`q is limited to ${MAX_QUEUE_QUERY_LENGTH} characters.`);
  return { q, hideEmpty: queryFlag(query, 'hideEmpty', hideEmptyByDefault) };
}

function typesOf(queues: readonly BrowsableQueue[]): Map<number, QueueTypeSummary> {
  return new Map(queues.map((b) => [b.queueType.id, b.queueType]));
}

/** The root: every queue type with a listed queue, each queue with how many of its documents are overdue and how many due within 3 days. */
async function workflowRoot(deps: ErpDeps, viewer: Viewer, filter: QueueListFilter): Promise<WorkflowRoot> {
  const browsable = await findBrowsableQueues(deps.db, viewer);
  const due = await findDueCounts(
    deps.db,
    viewer,
    browsable.map((b) => b.queue.id),
    deps.now(),
  );
  const queues = browsable.map((b) => ({
    ...b.queue,
    dueSoonCount: due.get(b.queue.id)?.dueSoon ?? 0,
    overdueCount: due.get(b.queue.id)?.overdue ?? 0,
  }));
  return { queueTypes: presentWorkflowQueueTypes(queues, typesOf(browsable), filter) };
}

/**
 * One queue type with its browsable queues after the filter; 404 when the type does not exist or
 * the caller may browse none of its queues (so an unbrowsable type is not told apart from a missing one).
 */
async function workflowQueueType(deps: ErpDeps, viewer: Viewer, queueTypeId: number, filter: QueueListFilter): Promise<WorkflowQueueType> {
  const browsable = await findBrowsableQueues(deps.db, viewer, { queueTypeId });
  const type = browsable[0]?.queueType;
  if (type === undefined) throw notFound(MESSAGES.queueTypeNotFound);
  return presentWorkflowQueueType(
    type,
    browsable.map((b) => b.queue).filter((queue) => queueMatches(queue, filter)),
  );
}

async function browsableQueueOr404(deps: ErpDeps, viewer: Viewer, queueId: number): Promise<BrowsableQueue> {
  const found = await findBrowsableQueue(deps.db, viewer, queueId);
  if (found === undefined) throw notFound(MESSAGES.queueNotFound);
  return found;
}

/**
 * Queues a route leads to from `fromQueueId` that the caller may browse and that are enabled (the
 * workflow action refuses a disabled target), filtered by type and name; `includeQueues` false
 * lists only their types.
 */
async function routeTargets(
  deps: ErpDeps,
  viewer: Viewer,
  fromQueueId: number | null,
  options: { queueTypeId?: number; q: string; includeQueues: boolean },
): Promise<RouteTargets> {
  if (fromQueueId === null) return { queues: [], queueTypes: [] };
  const targets = (await findBrowsableQueues(deps.db, viewer, { routesFromQueueId: fromQueueId })).filter(
    (b) =>
      b.queue.enabled &&
      (options.queueTypeId === undefined || b.queue.queueTypeId === options.queueTypeId) &&
      queueMatches(b.queue, { q: options.q, hideEmpty: false }),
  );
  const types = typesOf(targets);
  return {
    queues: options.includeQueues ? targets.map((b) => b.queue) : [],
    queueTypes: [...types.values()].map((t) => ({ id: t.id, name: t.name })),
  };
}

function routeOptions(query: RawQuery): { queueTypeId?: number; q: string } {
  const queueTypeId = queryInteger(query, 'queueTypeId');
  const { q } = listFilter(query);
  return queueTypeId === undefined ? { q } : { queueTypeId, q };
}

/**
 * The workflow structure calls (embedded §7, portal §2–§3; issue 3): queue types and queues the
 * caller may browse with counts of the documents they can see, a queue's documents by page, route
 * targets, link-to-approval setup, workflow perms and the read-only flag of a document. Every one
 * serves only the workflow screens, so every one needs 'Workflow Queues: OK' (403; workflowViewerOf).
 */
export function registerWorkflowStructureRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/workflow-root', { schema: { response: okAnswer(WorkflowRootAnswer) } }, async (request): Promise<WorkflowRoot> => {
    const filter = listFilter(queryOf(request));
    return workflowRoot(deps, workflowViewerOf(request), filter);
  });

  app.get('/workflow-structure', { schema: { response: okAnswer(WorkflowRootAnswer) } }, async (request): Promise<WorkflowRoot> => {
    const query = queryOf(request);
    const filter = listFilter(query);
    const viewer = workflowViewerOf(request);
    const queueId = queryString(query, 'queueID');
    const typeId = queryString(query, 'qid');
    if (queueId !== undefined) {
      const { queueType } = await browsableQueueOr404(deps, viewer, parseQueueId(queueId));
      return { queueTypes: [await workflowQueueType(deps, viewer, queueType.id, filter)] };
    }
    if (typeId !== undefined) {
      if (!ID_PATTERN.test(typeId)) throw badRequest((language) => messageFunctionsFor(language).invalidQueueTypeId(typeId));
      return { queueTypes: [await workflowQueueType(deps, viewer, Number(typeId), filter)] };
    }
    return workflowRoot(deps, viewer, filter);
  });

  app.get(
    '/workflow-structure/:id',
    { schema: { response: okAnswer(WorkflowQueueTypeAnswer) } },
    async (request): Promise<WorkflowQueueType> => {
      const id = integerParam(request, 'id');
      const filter = listFilter(queryOf(request));
      return workflowQueueType(deps, workflowViewerOf(request), id, filter);
    },
  );

  app.get(
    '/workflow-structure/:id/queue',
    { schema: { response: okAnswer(DocumentQueueAnswer) } },
    async (request): Promise<WorkflowQueue | null> => {
      const viewer = workflowViewerOf(request);
      const document = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
      if (document === undefined) throw notFound(MESSAGES.documentNotFound);
      if (document.queue_id === null) return null;
      // A queue the caller may not browse is not named, though the document is visible.
      return (await findBrowsableQueue(deps.db, viewer, document.queue_id))?.queue ?? null;
    },
  );

  app.get(
    '/queue-types/:id/queues',
    { schema: { response: okAnswer(WorkflowQueueListAnswer) } },
    async (request): Promise<WorkflowQueue[]> => {
      const id = integerParam(request, 'id');
      const filter = listFilter(queryOf(request));
      return (await workflowQueueType(deps, workflowViewerOf(request), id, filter)).queues;
    },
  );

  app.get(
    '/queue-types/:id/workflow',
    { schema: { response: okAnswer(WorkflowQueueTypeAnswer) } },
    async (request): Promise<WorkflowQueueType> => {
      const id = integerParam(request, 'id');
      const filter = listFilter(queryOf(request));
      return workflowQueueType(deps, workflowViewerOf(request), id, filter);
    },
  );

  app.get('/queues/:id', { schema: { response: okAnswer(WorkflowQueueAnswer) } }, async (request): Promise<WorkflowQueue> => {
    const id = integerParam(request, 'id');
    return (await browsableQueueOr404(deps, workflowViewerOf(request), id)).queue;
  });

  app.get(
    '/queues/:id/workflow',
    { schema: { response: okAnswer(QueueDocumentsPageAnswer) } },
    async (request): Promise<QueueDocumentsPage> => {
      const id = integerParam(request, 'id');
      const page = parseQueueDocumentsQuery(queryOf(request));
      const viewer = workflowViewerOf(request);
      const { queue } = await browsableQueueOr404(deps, viewer, id);
      // The caller's limit lets the screen disable Approve for an amount over it before the click (the server still judges);
      // read beside the page, so the listing waits for neither twice.
      const [{ rows, decisions, duplicates, total }, approvalLimit] = await Promise.all([
        findQueueDocumentsPage(deps.db, deps.dialect, viewer, id, page),
        effectiveApprovalLimit(deps.db, viewer.userId, id),
      ]);
      // Why each rejected document is here (issue 38 "Reasons"): the row and the document pane show it.
      const rejections = await readLastRejections(
        deps.db,
        rows.map((row) => row.id),
      );
      const now = deps.now();
      // Missing or old facts are read in the background; this answer shows what the cache holds.
      // Without an ERP configured there is nothing to read them from.
      if (deps.entitySources.prefixes.length > 0 && (await enqueueListedFactsRefresh(deps.db, decisions.values(), now)) > 0)
        deps.jobSignal.notify();
      const documents = rows.map((row) => {
        const decision = decisions.get(row.id);
        const possibleDuplicates = duplicates.get(row.id) ?? [];
        const rejection = rejections.get(row.id) ?? null;
        return decision === undefined
          ? { ...presentDocument(row), possibleDuplicates, rejection }
          : { ...presentDocument(row), decision: presentDecision(decision, now), possibleDuplicates, rejection };
      });
      return { queue: { ...queue, approvalLimit }, documents, total, skip: page.skip, take: page.take };
    },
  );

  app.get(
    '/queues/:id/link-to-approval',
    { schema: { response: okAnswer(LinkToApprovalSetupAnswer) } },
    async (request): Promise<LinkToApprovalSetup> => {
      const id = integerParam(request, 'id');
      const { queue } = await browsableQueueOr404(deps, workflowViewerOf(request), id);
      const linkOnApprovalRequired = hasQueueFeature(queue, 'LinkOnApprovalRequired');
      return {
        queueId: queue.id,
        linkOnApprovalRequired,
        approveToQueueId: queue.approveToQueueId,
        configured: !linkOnApprovalRequired || queue.approveToQueueId !== null,
      };
    },
  );

  app.get(
    '/workflow/perms',
    { schema: { response: okAnswer(DocumentWorkflowPermsAnswer) } },
    async (request): Promise<DocumentWorkflowPerms> => {
      const docId = parseDocumentId(queryString(queryOf(request), 'docId'));
      const viewer = workflowViewerOf(request);
      const document = await findVisibleDocument(deps.db, viewer, docId);
      if (document === undefined) throw notFound(MESSAGES.documentNotFound);
      const access = document.queue_id === null ? 0 : Number(document.queue_access);
      return { docId, queueId: document.queue_id, workflowPerms: workflowPermsFromAccess(access) };
    },
  );

  app.get('/documents/routes', { schema: { response: okAnswer(RouteTargetsAnswer) } }, async (request): Promise<RouteTargets> => {
    const query = queryOf(request);
    const ids = parseDocumentIdList(query);
    if (ids.length === 0) throw badRequest('Name the documents with docId[].');
    const options = { ...routeOptions(query), includeQueues: queryFlag(query, 'includeQueues', true) };
    const viewer = workflowViewerOf(request);
    const documents = await findVisibleDocuments(deps.db, viewer, ids);
    if (documents.length !== ids.length) throw notFound(MESSAGES.documentNotFound);
    const queues = new Set(documents.map((d) => d.queue_id));
    if (queues.size > 1) throw badRequest(MESSAGES.documentsInDifferentQueues);
    return routeTargets(deps, viewer, documents[0]?.queue_id ?? null, options);
  });

  app.get('/documents/:id/routes', { schema: { response: okAnswer(RouteTargetsAnswer) } }, async (request): Promise<RouteTargets> => {
    const options = { ...routeOptions(queryOf(request)), includeQueues: true };
    const viewer = workflowViewerOf(request);
    const document = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
    if (document === undefined) throw notFound(MESSAGES.documentNotFound);
    return routeTargets(deps, viewer, document.queue_id, options);
  });

  app.get(
    '/documents/:id/readonly',
    { schema: { response: okAnswer(ReadonlyAnswer) } },
    async (request): Promise<{ readonly: boolean }> => {
      const queueParam = queryString(queryOf(request), 'queueId');
      const viewer = workflowViewerOf(request);
      const document = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
      if (document === undefined) throw notFound(MESSAGES.documentNotFound);
      if (lockStateOf(document).owner === 'other') return { readonly: true };
      const queueId = queueParam === undefined ? document.queue_id : parseQueueId(queueParam);
      // Outside workflow, editing is governed by the privileges alone (PUT /documents/{id}).
      if (queueId === null) return { readonly: false };
      const queue = (await findQueuesWithAccess(deps.db, viewer, [queueId])).get(queueId);
      // THE queue policy's editCustomData: what POST /document/{id}/custom is judged by (issue 35, finding 3).
      return { readonly: queue === undefined || !queueActionAllowed('editCustomData', queue.access) };
    },
  );
}
