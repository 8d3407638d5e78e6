import type { QueryClient } from '@tanstack/react-query';
import type {
  ApiServices,
  RouteRequest,
  SendForApprovalRequest,
  SubmitRequest,
  WorkflowActionRequest,
  WorkflowActionResult,
} from '../../api';
import type { SendForApprovalOutcome, SubmitOutcome } from '../../contract';
import type { DocumentLockInfo, LockAction } from '../../model';
import { UI_TEXT } from '../../locale/uiText';
import type { AlertStore, LoadingCounter, NoticeChannel } from '../../state';
import { queryKeys } from '../../state/queryKeys';

/** How an action confirms itself once it went through. */
export interface ActionNoticeOptions {
  /**
   * The confirmation shown (a toast): the action's own words when left out ("Approved 2
   * documents"), the flow's words where it names more (a quick link names the record), or null
   * where the flow says nothing more (an "Approve now?" answered after an upload or a submit).
   */
  notice?: string | null;
}

/** One document whose lock is taken, renewed or released, in the queue the window shows it in. */
export interface LockTarget {
  docId: number;
  queueId: number;
  /** The row version the window saw (a lock taken on a stale version is refused as out of sync). */
  rowVersion: number;
}

/**
 * The workflow's actions as every screen runs them (embedded §5–§7): approve, reject, route,
 * locks and submit, each through the web services, with the app's loading indicator while under
 * way, the cache invalidations the TanStack Query rules ask for (approve / reject / route / submit
 * → `workflow` and the moved documents, so every queue list, count and route target shown reads
 * again; locks → the document) and the user's notice. A refusal rejects as the web services
 * answered (ApiError) with nothing invalidated or said: each screen shows it in its own place
 * (the note prompt, the out-of-sync dialog, the approval-limit bar, a dialog's message).
 */
export interface WorkflowActions {
  /** PUT /documents/approval; says "Approved n documents" unless the flow says otherwise. */
  approve(request: WorkflowActionRequest, options?: ActionNoticeOptions): Promise<WorkflowActionResult>;
  /** PUT /documents/reject; says "Rejected n documents" unless the flow says otherwise. */
  reject(request: WorkflowActionRequest, options?: ActionNoticeOptions): Promise<WorkflowActionResult>;
  /** PUT /documents/route to the queue named `targetName`; says "Routed n documents to {queue}" unless the flow says otherwise. */
  route(request: RouteRequest, targetName: string, options?: ActionNoticeOptions): Promise<WorkflowActionResult>;
  /**
   * Takes, renews or releases the locks of documents one after another (stopping at the first
   * refusal) and says so once all went through. Each document asked for is invalidated, whether
   * its call went through or not: a refusal may mean its lock changed since the window read it.
   * Resolves to each lock as the server answered it (null after an unlock).
   */
  changeLocks(action: LockAction, targets: readonly LockTarget[], options?: ActionNoticeOptions): Promise<(DocumentLockInfo | null)[]>;
  /**
   * PUT /documents/submit, and says what the queue's OnSubmit events did: submitted, submitted
   * and approved (AutoApproveOnSubmit), or a warning with the reason the approval did not happen.
   * Resolves to the answer, for what is the screen's to do (ask "Approve now?", open the record).
   */
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  /**
   * PUT /documents/send-for-approval (issue 38): along the auto-route to the first queue that
   * takes a decision; says "Sent n documents for approval: now in {queue}".
   */
  sendForApproval(request: SendForApprovalRequest): Promise<SendForApprovalOutcome>;
}

/** What the workflow actions run over: the web services, the mount's cache, its loading counter and where notices go. */
export interface WorkflowActionsDeps {
  api: Pick<ApiServices, 'workflow'>;
  queryClient: QueryClient;
  loading: Pick<LoadingCounter, 'track'>;
  /** Toasts: the short confirmations. */
  notices: Pick<NoticeChannel, 'notify'>;
  /** The alert area: a warning that stays until dismissed (a submit whose automatic approval was refused). */
  alerts: Pick<AlertStore, 'push'>;
}

/** Creates the workflow actions of one mount. */
export function createWorkflowActions({ api, queryClient, loading, notices, alerts }: WorkflowActionsDeps): WorkflowActions {
  /**
   * Marks what moved documents change as stale: every queue list, count and route target (all
   * under `workflow`) and each document's own queries. Shown queries read again at once, in the
   * background: the action does not wait for them, so its screen moves on as soon as it went through.
   */
  const invalidateMoved = (docIds: readonly number[]): void => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
    invalidateDocuments(docIds);
  };
  /** Marks each document's queries (its locks, access flags, notes, approval list) as stale. */
  const invalidateDocuments = (docIds: readonly number[]): void => {
    for (const id of docIds) void queryClient.invalidateQueries({ queryKey: queryKeys.document(id) });
  };
  /** Shows the flow's notice, or the action's own words when the flow gave none. */
  const confirm = (options: ActionNoticeOptions | undefined, ownWords: string): void => {
    const notice = options?.notice === undefined ? ownWords : options.notice;
    if (notice !== null) notices.notify(notice);
  };

  return {
    approve: async (request, options) => {
      const result = await loading.track(api.workflow.approve(request));
      invalidateMoved(request.docIds);
      confirm(options, UI_TEXT.workflow.approved(request.docIds.length));
      return result;
    },
    reject: async (request, options) => {
      const result = await loading.track(api.workflow.reject(request));
      invalidateMoved(request.docIds);
      confirm(options, UI_TEXT.workflow.rejected(request.docIds.length));
      return result;
    },
    route: async (request, targetName, options) => {
      const result = await loading.track(api.workflow.route(request));
      invalidateMoved(request.docIds);
      confirm(options, UI_TEXT.workflow.routed(request.docIds.length, targetName));
      return result;
    },
    changeLocks: async (action, targets, options) => {
      const answers: (DocumentLockInfo | null)[] = [];
      try {
        // One after another, as the toolbar always did: the first refusal stops the rest.
        for (const { docId, queueId, rowVersion } of targets) {
          if (action === 'createLock') answers.push(await loading.track(api.workflow.lock(docId, queueId, rowVersion)));
          else if (action === 'renewLock') answers.push(await loading.track(api.workflow.renewLock(docId, queueId)));
          else answers.push(await loading.track(api.workflow.unlock(docId, queueId)).then(() => null));
        }
      } finally {
        invalidateDocuments(targets.map((target) => target.docId));
      }
      confirm(options, UI_TEXT.workflow.lockedDocuments[action](targets.length));
      return answers;
    },
    submit: async (request) => {
      const outcome = await loading.track(api.workflow.submit(request));
      // Submitted documents may have moved on (AutoApproveOnSubmit), and their submitted state shows in the list.
      invalidateMoved(request.docIds);
      if (outcome.autoApproved) notices.notify(UI_TEXT.queueImport.autoApproved(outcome.documents.length));
      else if (outcome.autoApproveRefusal !== null) alerts.push(UI_TEXT.queueImport.notAutoApproved(outcome.autoApproveRefusal), 'warning');
      else notices.notify(UI_TEXT.queueImport.submitted(outcome.documents.length));
      return outcome;
    },
    sendForApproval: async (request) => {
      const outcome = await loading.track(api.workflow.sendForApproval(request));
      invalidateMoved(request.docIds);
      notices.notify(UI_TEXT.sendForApproval.sent(outcome.documents.length, outcome.queueName));
      return outcome;
    },
  };
}
