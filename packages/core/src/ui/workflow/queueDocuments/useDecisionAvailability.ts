import { useEffect, useRef } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api';
import type { DmsDocument, LockAction, PrivilegeName, WorkflowQueue } from '../../../model';
import {
  approvalLimitBlock,
  approveAvailability,
  blockAction,
  lockActionAvailability,
  rejectAvailability,
  routeAvailability,
  type ActionAvailability,
} from '../../../rules';
import { MESSAGES } from '../../../locale/messages';
import { shownMessage } from '../../../locale/shownMessage';
import { queryKeys } from '../../../state/queryKeys';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import type { WorkflowCommand } from './WorkflowToolbar';

const NOT_IN_SEARCH = { searchView: false } as const;
/** Routing blocks shown as messages under the toolbar (embedded §2 "Routing blocks"). */
const SHOWN_BLOCKS = new Set(['noRoutes', 'linkRequired', 'approvalRoutesRequired', 'submissionRequired']);
/** The privilege each decision needs besides the queue's flag (the server checks the same: embedded §6). */
const DECISION_PRIVILEGES: Readonly<Record<Decision, PrivilegeName>> = {
  approve: 'Workflow: Approve',
  reject: 'Workflow: Reject',
  route: 'Workflow Route: OK',
};
const DECISION_PRIVILEGE_NAMES: readonly PrivilegeName[] = Object.values(DECISION_PRIVILEGES);

/** The three decisions on documents in a queue. */
export type Decision = 'approve' | 'reject' | 'route';

/** What the toolbar's commands may do now: each decision judged, each lock command once the access flags are read (null before). */
export type DecisionAvailabilities = Record<Decision, ActionAvailability> & Record<LockAction, ActionAvailability | null>;

/** What the selected documents may have done to them, and why not. */
export interface DecisionAvailability {
  availability: DecisionAvailabilities;
  /** Commands not offered at all: a privilege the user lacks, or approve / reject out of a final queue. */
  hiddenCommands: WorkflowCommand[];
  /** The routing blocks to show under the toolbar, each once. */
  blocks: string[];
  /** Reads the selected documents' access flags again (Refresh, after the out-of-sync dialog). */
  reloadAccess(): void;
}

/** A key for a document's access flags that changes whenever they may have (lock, queue, version). */
function accessKey(doc: DmsDocument): string {
  return `${doc.id}:${doc.rowVersion}:${doc.queue?.id ?? ''}:${doc.userLock}:${doc.lock?.lockExpiration ?? ''}`;
}

/**
 * The toolbar's judgement for the selected documents of a queue: the core rules (embedded §2,
 * §6), then the selected documents' access flags (privilege, queue flag and lock together, as the
 * server judges them), the decisions' privileges (GET /can/actions) and the approver's limit
 * (issue 12 money rules). Tagging mode (spec §4) turns every single-document action off.
 */
export function useDecisionAvailability(
  queue: WorkflowQueue | null,
  selectedDocs: readonly DmsDocument[],
  taggingOn: boolean,
): DecisionAvailability {
  const { api, alerts, queryClient } = useServices();

  // The lock buttons need each selected document's access flags (GET /documents/{id}/access),
  // shared through the cache with the other screens of those documents. A failure reaches the
  // alert area once, from here, as it always did (the key is quiet for the screens that hide it).
  const accessResults = useQueries({
    queries: selectedDocs.map((doc) => ({
      queryKey: queryKeys.documentAccess(doc.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.documents.getAccess(doc.id, signal),
      meta: { quiet: true },
    })),
  });
  const accessFailure = accessResults.find((result) => result.error)?.error ?? null;
  useEffect(() => {
    if (accessFailure && !(accessFailure instanceof ApiError && accessFailure.kind === 'aborted')) alerts.report(accessFailure);
  }, [accessFailure, alerts]);
  // A selected document whose lock, queue or version changed (a watch reload) may have other flags now.
  const seenVersions = useRef(new Map<number, string>());
  useEffect(() => {
    for (const doc of selectedDocs) {
      const seen = seenVersions.current.get(doc.id);
      seenVersions.current.set(doc.id, accessKey(doc));
      if (seen !== undefined && seen !== accessKey(doc)) void queryClient.invalidateQueries({ queryKey: queryKeys.documentAccess(doc.id) });
    }
  }, [selectedDocs, queryClient]);

  const lockAvailability = (action: LockAction): ActionAvailability | null => {
    // Tagging mode (spec §4) turns the single-document actions off, locks included, whatever the access flags say.
    if (taggingOn) return blockAction('taggingMode', MESSAGES.taggingModeOn);
    const withAccess = selectedDocs.flatMap((doc, index) => {
      const flags = accessResults[index]?.data;
      return flags ? [{ access: flags, queue: doc.queue }] : [];
    });
    if (withAccess.length !== selectedDocs.length) return null;
    return lockActionAvailability(action, withAccess, NOT_IN_SEARCH);
  };
  // Tagging mode (spec §4) is shared with the search pane: while on, approve, reject and route are off.
  const view = { taggingMode: taggingOn };
  // The decisions' privileges (GET /can/actions): one the user lacks is not offered at all; without
  // an answer the buttons stay and the server judges. The access flags of the selected documents
  // (privilege, queue flag and lock together, as the server will judge) turn off what they refuse.
  const privileges = useQuery({
    queryKey: queryKeys.privileges(DECISION_PRIVILEGE_NAMES),
    queryFn: () => api.privileges.canActions(DECISION_PRIVILEGE_NAMES),
    meta: { quiet: true },
  });
  const lacks = (action: Decision): boolean =>
    privileges.data?.some((answer) => answer.action === DECISION_PRIVILEGES[action] && !answer.value) === true;
  const withAccessFlags = (action: Decision, state: ActionAvailability): ActionAvailability => {
    if (!state.allowed) return state;
    const refused = selectedDocs.some((_doc, index) => accessResults[index]?.data?.[action] === false);
    return refused
      ? blockAction(
          'notPermitted',
          lacks(action) ? UI_TEXT.workflow.needsPrivilege(action, DECISION_PRIVILEGES[action]) : MESSAGES.actionNotPermitted,
        )
      : state;
  };
  // Money rules (issue 12): an amount over the caller's limit disables Approve with the server's words, instead of failing on the click.
  const withApprovalLimit = (state: ActionAvailability): ActionAvailability =>
    state.allowed ? (approvalLimitBlock(selectedDocs, queue?.approvalLimit, queue?.name ?? '') ?? state) : state;
  // A final queue (approve-to / reject-to none) offers no approve / reject: they could only fail.
  const hiddenCommands: WorkflowCommand[] = [
    ...(lacks('approve') || queue?.approveToQueueId === null ? (['approve'] as const) : []),
    ...(lacks('reject') || queue?.rejectToQueueId === null ? (['reject'] as const) : []),
    ...(lacks('route') ? (['route'] as const) : []),
  ];
  // The rules speak the spec's English (the server shares them): the reasons are shown in the shown language.
  const shown = <T extends ActionAvailability | null>(state: T): T =>
    state === null || state.allowed ? state : { ...state, message: shownMessage(state.message) };
  const availability: DecisionAvailabilities = {
    approve: shown(withApprovalLimit(withAccessFlags('approve', approveAvailability(selectedDocs, view)))),
    reject: shown(withAccessFlags('reject', rejectAvailability(selectedDocs, view))),
    route: shown(withAccessFlags('route', routeAvailability(selectedDocs, view))),
    createLock: shown(lockAvailability('createLock')),
    renewLock: shown(lockAvailability('renewLock')),
    unlock: shown(lockAvailability('unlock')),
  };
  const blocks = [
    ...new Set(
      [availability.approve, availability.route].flatMap((state) =>
        !state.allowed && SHOWN_BLOCKS.has(state.reason) ? [state.message] : [],
      ),
    ),
  ];

  return {
    availability,
    hiddenCommands,
    blocks,
    reloadAccess: () => {
      for (const doc of selectedDocs) void queryClient.invalidateQueries({ queryKey: queryKeys.documentAccess(doc.id) });
    },
  };
}
