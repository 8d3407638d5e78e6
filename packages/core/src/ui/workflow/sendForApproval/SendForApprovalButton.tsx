import { useState, type ReactElement } from 'react';
import { Button, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons/svg/send';
import { ApiError } from '../../../api';
import type { SendForApprovalOutcome } from '../../../contract';
import type { DmsDocument, WorkflowQueue } from '../../../model';
import { MESSAGES, sendForApprovalOffered } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
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
 * says so, it asks for an optional note (a queue on the way may require one: the server then says
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
  const { workflowActions } = useServices();
  const [prompt, setPrompt] = useState<NotePrompt | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!sendForApprovalOffered(documents, queue)) return null;
  const queueId = documents[0].queue?.id ?? 0;
  const title = UI_TEXT.sendForApproval.sendTitle(documents.length);

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
          <ToolbarButton icon={<SendRegular />} disabledFocusable={disabled || busy} onClick={open}>
            {UI_TEXT.sendForApproval.sendForApproval}
          </ToolbarButton>
        ) : (
          <Button appearance="primary" size="small" icon={<SendRegular />} disabledFocusable={disabled || busy} onClick={open}>
            {UI_TEXT.sendForApproval.sendForApproval}
          </Button>
        )}
      </Tooltip>
      <NotePromptDialog prompt={prompt} busy={busy} error={error} onConfirm={(note) => void send(note)} onCancel={() => setPrompt(null)} />
    </>
  );
}
