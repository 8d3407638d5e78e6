import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api';
import type { LockAction, WorkflowQueue } from '../../../model';
import { approveNoteRequirement, rejectNoteRequirement, type NoteQueue } from '../../../rules';
import { MESSAGE_FUNCTIONS } from '../../../locale/messageFunctions';
import { MESSAGES } from '../../../locale/messages';
import type { DmsDocument } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import type { NotePrompt } from './NotePromptDialog';
import { useDecisionAvailability, type DecisionAvailabilities } from './useDecisionAvailability';
import type { QueueDocuments } from './useQueueDocuments';
import type { QueueSelection } from './useQueueSelection';
import type { WorkflowCommand } from './WorkflowToolbar';

/** The note prompt of an approve or reject, with the decision it confirms. */
export type DecisionPrompt = NotePrompt & { kind: 'approve' | 'reject' };

/** What a queue's decisions hand the view: the toolbar's state, the note prompt and the approval-limit bar. */
export interface QueueDecisions {
  availability: DecisionAvailabilities;
  /** Commands not offered at all (a privilege the user lacks, a final queue). */
  hiddenCommands: WorkflowCommand[];
  /** The routing blocks shown under the toolbar. */
  blocks: string[];
  /** An action is under way: the toolbar and the prompt wait. */
  busy: boolean;
  /** Runs a toolbar command on the selected documents. */
  onCommand(command: WorkflowCommand): void;
  /** The note prompt shown, if any. */
  prompt: DecisionPrompt | null;
  /** A refusal shown inside the note prompt. */
  promptError: string | null;
  /** The prompt's confirm: runs its decision with the note (and, for possible duplicates, the reason to approve anyway). */
  confirmPrompt(note: string, overrideReason?: string): void;
  /** The prompt's cancel. */
  cancelPrompt(): void;
  /** The approval-limit bar's words: the server's refusal, or Approve disabled by the limit (until dismissed). */
  limitMessage: string | null;
  /** The bar's Route to the next level. */
  routeFromLimit(): void;
  /** The bar's dismiss. */
  dismissLimit(): void;
}

/** Whether a failure is the out-of-sync refusal (409 'Document Queue Out Of Sync With Window'). */
function isOutOfSync(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message.includes(MESSAGES.queueOutOfSync);
}

/** The words for a refusal shown inside a dialog. */
function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.unhandledError;
}

/** The approve prompt's lines for the selected possible duplicates (issue 35): each with the copies it may duplicate and why. */
function duplicateLines(documents: readonly DmsDocument[]): string[] {
  return documents
    .filter((doc) => (doc.possibleDuplicates ?? []).length > 0)
    .map((doc) =>
      UI_TEXT.duplicates.promptLine(
        doc.name,
        (doc.possibleDuplicates ?? [])
          .map((other) => `${MESSAGE_FUNCTIONS.duplicateOtherText(other)} (${MESSAGE_FUNCTIONS.duplicateReasonsText(other.reasons)})`)
          .join(', '),
      ),
    );
}

/** What the decisions of a queue's list work on. */
export interface QueueDecisionsInput {
  /** The queue shown (null while it loads). */
  queue: WorkflowQueue | null;
  /** The list: a decision takes its documents out at once, a lock change puts fresher copies in. */
  list: Pick<QueueDocuments, 'reload' | 'remove' | 'replace'>;
  selection: QueueSelection;
  /** 'Prompt For Note On Workflow Action' (the options; null while they load). */
  promptForNote: boolean;
  taggingOn: boolean;
  /** The workflow area's path prefix, for Route to. */
  base: string;
  /**
   * Told when the server refused a decision on `docs` as out of sync ('Document Queue Out Of Sync
   * With Window'): the screen says so in its ActedOnBar; the list and the flags are read again here.
   */
  onOutOfSync(docs: readonly DmsDocument[]): void;
}

/**
 * The decisions on a queue's selected documents (embedded §2, §5, §7): approve and reject —
 * after the note prompt where a queue's note feature, a warning, several documents or the option
 * ask for one — locks, and Route to (a screen of its own), all through the workflow actions
 * (services/workflowActions: they invalidate and say what happened). A decision takes the
 * documents out of the list at once and selects the next one; a refusal shows where it belongs:
 * the screen's acted-on bar (out of sync: the list reads again), the approval-limit bar, inside
 * the prompt, else the alert area.
 */
export function useQueueDecisions({
  queue,
  list,
  selection,
  promptForNote,
  taggingOn,
  base,
  onOutOfSync,
}: QueueDecisionsInput): QueueDecisions {
  const { api, loading, alerts, workflowActions } = useServices();
  const navigate = useNavigate();
  const { selectedDocs } = selection;
  const { availability, hiddenCommands, blocks, reloadAccess } = useDecisionAvailability(queue, selectedDocs, taggingOn);

  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState<DecisionPrompt | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  // A refusal arrives after an await: it must see whether the prompt is still open then, not when the action began.
  const promptRef = useRef(prompt);
  promptRef.current = prompt;

  // Money rules (issue 12): an approval over the approver's limit, answered with Route to the next level.
  const [limitRefusal, setLimitRefusal] = useState<string | null>(null);
  // Approve disabled by the limit (useDecisionAvailability) says so in the same bar, with the next level offered, until dismissed.
  const limitBlock =
    !availability.approve.allowed && availability.approve.reason === 'overApprovalLimit' ? availability.approve.message : null;
  const [dismissedLimitBlock, setDismissedLimitBlock] = useState<string | null>(null);
  const limitMessage = limitRefusal ?? (limitBlock !== dismissedLimitBlock ? limitBlock : null);
  const fail = useCallback(
    (error: unknown, docs: readonly DmsDocument[]) => {
      if (error instanceof ApiError && MESSAGE_FUNCTIONS.isApprovalLimitRefusal(error.message)) {
        setPrompt(null);
        setLimitRefusal(error.message);
      } else if (error instanceof ApiError && MESSAGE_FUNCTIONS.isDuplicateOverrideRefusal(error.message)) {
        // Marked since the list was read: the list reads again (its row says so, and Approve then asks for the reason).
        setPrompt(null);
        list.reload();
        alerts.report(error);
      } else if (isOutOfSync(error)) {
        // Embedded §4: the window is refreshed; the screen's bar says why (no dialog in the way of the next document).
        setPrompt(null);
        onOutOfSync(docs);
        reloadAccess();
        list.reload();
      } else if (promptRef.current) {
        setPromptError(errorText(error));
      } else {
        alerts.report(error);
      }
    },
    [alerts, list, onOutOfSync, reloadAccess],
  );

  const runMove = async (kind: 'approve' | 'reject', note: string | undefined, duplicateOverrideReason?: string): Promise<void> => {
    if (!queue || selectedDocs.length === 0) return;
    const request = {
      docIds: selectedDocs.map((doc) => doc.id),
      rowConflictIds: selectedDocs.map((doc) => doc.rowVersion),
      expectedQueueId: queue.id,
      note,
      duplicateOverrideReason,
    };
    setBusy(true);
    setPromptError(null);
    setLimitRefusal(null);
    try {
      await (kind === 'approve' ? workflowActions.approve(request) : workflowActions.reject(request));
      // They left this queue: out of the list at once (the list reads again behind), and on to the next one.
      list.remove(request.docIds);
      selection.selectAfterRemoval(request.docIds);
      setPrompt(null);
    } catch (error) {
      fail(error, selectedDocs);
    } finally {
      setBusy(false);
    }
  };

  const runLock = async (action: LockAction): Promise<void> => {
    if (!queue || selectedDocs.length === 0) return;
    const targets = selectedDocs;
    setBusy(true);
    try {
      await workflowActions.changeLocks(
        action,
        targets.map((doc) => ({ docId: doc.id, queueId: queue.id, rowVersion: doc.rowVersion })),
      );
    } catch (error) {
      fail(error, targets);
    } finally {
      // Show the locks as they are now, whether every call went through or not: only these rows, not the whole list again.
      await loading
        .track(api.documents.getDocuments(targets.map((doc) => doc.id)))
        .then((fresh) => list.replace(fresh))
        .catch((error: unknown) => alerts.report(error));
      setBusy(false);
    }
  };

  const decide = async (command: 'approve' | 'reject'): Promise<void> => {
    if (!queue) return;
    const state = availability[command];
    if (!state.allowed) return;
    // The target queue's ApproveTo / RejectTo note feature counts too (spec §5), so read it first;
    // a target the caller may not browse is judged by the server alone.
    const targetId = command === 'approve' ? queue.approveToQueueId : queue.rejectToQueueId;
    const target: NoteQueue | null = targetId === null ? null : await loading.track(api.workflow.getQueue(targetId)).catch(() => null);
    const requirement = command === 'approve' ? approveNoteRequirement(queue, target) : rejectNoteRequirement(queue, target);
    // Possible duplicates (issue 35) are approved only with a reason to approve them anyway, asked for in the prompt.
    const duplicates = command === 'approve' ? duplicateLines(selectedDocs) : [];
    // Reject always asks (for a reason); a bulk approval asks once for the note of all.
    if (
      command === 'reject' ||
      selectedDocs.length > 1 ||
      requirement.required ||
      state.warning !== null ||
      promptForNote ||
      duplicates.length > 0
    ) {
      setPromptError(null);
      setPrompt({
        kind: command,
        action: UI_TEXT.workflow.commands[command],
        title: UI_TEXT.workflow.promptTitle[command](selectedDocs.length),
        requirement,
        warning: state.warning,
        fieldLabel: command === 'reject' ? UI_TEXT.workflow.reason : undefined,
        duplicates,
      });
    } else {
      await runMove(command, undefined);
    }
  };

  const onCommand = (command: WorkflowCommand): void => {
    if (!queue) return;
    switch (command) {
      case 'approve':
      case 'reject':
        void decide(command);
        break;
      case 'route': {
        const search = new URLSearchParams();
        // The row versions this window saw go along, so the route screen sends them back as rowConflictIds.
        for (const doc of selectedDocs) {
          search.append('docId', String(doc.id));
          search.append('rowVersion', String(doc.rowVersion));
        }
        search.set('queueTypeId', String(queue.queueTypeId));
        // Back from Route to, the list selects the document after the routed ones (as after approve and reject).
        selection.rememberRouteDeparture(selectedDocs.map((doc) => doc.id));
        navigate(`${base}/queues/${queue.id}/documents/route?${search.toString()}`);
        break;
      }
      case 'createLock':
      case 'renewLock':
      case 'unlock':
        void runLock(command);
        break;
      case 'refresh':
        reloadAccess();
        list.reload();
        break;
    }
  };

  return {
    availability,
    hiddenCommands,
    blocks,
    busy,
    onCommand,
    prompt,
    promptError,
    confirmPrompt: (note, overrideReason) => {
      if (prompt) void runMove(prompt.kind, note, overrideReason);
    },
    cancelPrompt: () => setPrompt(null),
    limitMessage,
    routeFromLimit: () => {
      setLimitRefusal(null);
      onCommand('route');
    },
    dismissLimit: () => {
      setLimitRefusal(null);
      if (limitBlock !== null) setDismissedLimitBlock(limitBlock);
    },
  };
}
