import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons/svg/send';
import { ApiError } from '../../../api';
import type { SendForApprovalOutcome } from '../../../contract';
import type { DmsDocument, WorkflowQueue } from '../../../model';
import { sendForApprovalOffered } from '../../../rules';
import { MESSAGES } from '../../../locale/messages';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';
import { NotePromptDialog, type NotePrompt } from '../queueDocuments/NotePromptDialog';

/** Props of SendForApprovalButton. */
export interface SendForApprovalButtonProps {
  /** The documents to send, as the window saw them (their queue and row version go along). */
  documents: readonly DmsDocument[];
  /** A toolbar's button (the queue) or a plain one (the viewer's header, the FactBox). */
  variant: 'toolbar' | 'button';
  /** The queue as the queue list read it (its approve / reject targets), where the screen has it. */
  queue?: WorkflowQueue | null;
  /** Another command is under way, or tagging mode is on: it waits. */
  disabled?: boolean;
  /** After the documents went: e.g. the queue takes them out of its list, the viewer reads the document again. */
  onSent?(outcome: SendForApprovalOutcome): void;
}

/**
 * "Send for approval" (issue 38 "The clerk's path"): offered where core sendForApprovalOffered
 * says so and the server names where the auto-route would take the documents (GET
 * /queues/{id}/send-for-approval: none where it leads nowhere, or the caller could not send), as
 * "Send for approval → Approval L1"; it asks for an optional note (a queue on the way may require one: the server then says
 * so in the spec's words, inside the dialog) and sends the documents along the auto-route to the
 * first queue that takes a decision, through the workflow actions (which invalidate the lists and
 * say "Sent … for approval: now in {queue}"). Any refusal stays in the dialog, in the server's words.
 */
export function SendForApprovalButton({
  documents,
  variant,
  queue = null,
  disabled = false,
  onSent,
}: SendForApprovalButtonProps): ReactElement | null {
  const { api, workflowActions } = useServices();
  const [prompt, setPrompt] = useState<NotePrompt | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offered = sendForApprovalOffered(documents, queue);
  const queueId = documents[0]?.queue?.id ?? 0;
  // Asked only where the documents allow it; the answer is the queue's, shared by every document in it.
  const target = useQuery({
    queryKey: queryKeys.sendForApprovalTarget(queueId),
    queryFn: ({ signal }) => api.workflow.sendForApprovalTarget(queueId, signal),
    enabled: offered && queueId > 0,
  });
  const to = target.data ?? null;
  if (!offered || to === null) return null;
  const title = UI_TEXT.sendForApproval.sendTitle(documents.length);
  const label = UI_TEXT.sendForApproval.sendForApprovalTo(to.queueName);
  const accessibleName = UI_TEXT.sendForApproval.sendForApprovalToLabel(to.queueName);

  const send = async (note: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await workflowActions.sendForApproval({
        docIds: documents.map((doc) => doc.id),
        rowConflictIds: documents.map((doc) => doc.rowVersion),
        expectedQueueId: queueId,
        note,
      });
      setPrompt(null);
      onSent?.(outcome);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.unhandledError);
    } finally {
      setBusy(false);
    }
  };
  const open = (): void => {
    if (disabled || busy) return;
    setError(null);
    setPrompt({
      action: UI_TEXT.sendForApproval.sendForApproval,
      title,
      requirement: { required: false },
      warning: null,
      fieldLabel: UI_TEXT.sendForApproval.note,
    });
  };

  return (
    <>
      <Tooltip content={title} relationship="description" withArrow>
        {variant === 'toolbar' ? (
          <ToolbarButton icon={<SendRegular />} aria-label={accessibleName} disabledFocusable={disabled || busy} onClick={open}>
            {label}
          </ToolbarButton>
        ) : (
          <Button
            appearance="primary"
            size="small"
            icon={<SendRegular />}
            aria-label={accessibleName}
            disabledFocusable={disabled || busy}
            onClick={open}
          >
            {label}
          </Button>
        )}
      </Tooltip>
      <NotePromptDialog prompt={prompt} busy={busy} error={error} onConfirm={(note) => void send(note)} onCancel={() => setPrompt(null)} />
    </>
  );
}
