import { useState, type ReactElement } from 'react';
import { ToolbarButton, Tooltip } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons/svg/send';
import { ApiError } from '../../../api';
import type { SubmitOutcome } from '../../../contract';
import type { DmsDocument, WorkflowQueue } from '../../../model';
import { MESSAGES } from '../../../locale/messages';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import { launchLinkedRecord } from '../../launch/launchLinkedRecord';
import { NotePromptDialog, type NotePrompt } from '../queueDocuments/NotePromptDialog';
import { ApproveNowDialog } from './ApproveNowDialog';

/** Props of SubmitAction. */
export interface SubmitActionProps {
  queue: WorkflowQueue | null;
  /** The selected documents of the queue. */
  documents: readonly DmsDocument[];
  /** Tagging mode or another command is on: Submit waits. */
  disabled: boolean;
}

/**
 * The toolbar's "Submit" (embedded §5): asks for the note a submit requires ('A note is required
 * to submit.'), submits the selected documents, and follows the queue's OnSubmit events — says
 * when AutoApproveOnSubmit approved them or why it could not, and with PromptToApproveOnSubmit
 * asks "Approve now?" (approving with the submit's note); with LaunchRecord it opens the one
 * submitted document's linked record. Submit and approve are the workflow's actions
 * (services/workflowActions): they say what happened and the queue's list reads again.
 */
export function SubmitAction({ queue, documents, disabled }: SubmitActionProps): ReactElement {
  const { api, alerts, capabilities, workflowActions } = useServices();
  const [prompt, setPrompt] = useState<NotePrompt | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [approveNow, setApproveNow] = useState<{ answer: SubmitOutcome; note: string } | null>(null);
  const allowed = queue !== null && documents.length > 0 && !disabled;

  const submit = async (note: string): Promise<void> => {
    if (!queue) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await workflowActions.submit({
        docIds: documents.map((doc) => doc.id),
        rowConflictIds: documents.map((doc) => doc.rowVersion),
        expectedQueueId: queue.id,
        note,
      });
      setPrompt(null);
      if (answer.promptToApprove) setApproveNow({ answer, note });
      // LaunchRecord on submit: the one submitted document's record opens, as after a link.
      const link = documents.length === 1 ? documents[0].link : null;
      if (answer.launchRecord && link) void launchLinkedRecord({ api, capabilities, alerts }, link);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.unhandledError);
    } finally {
      setBusy(false);
    }
  };

  // Approve now (PromptToApproveOnSubmit): the submitted documents at the row versions Submit answered, with the submit note.
  const approve = async (): Promise<void> => {
    if (!queue || !approveNow) return;
    const { answer, note } = approveNow;
    // The dialog closing is the submitter's answer: no toast besides.
    await workflowActions.approve(
      {
        docIds: answer.documents.map((doc) => doc.id),
        rowConflictIds: answer.documents.map((doc) => doc.rowVersion),
        expectedQueueId: queue.id,
        note,
      },
      { notice: null },
    );
  };

  return (
    <>
      <Tooltip
        content={documents.length === 0 ? UI_TEXT.queueImport.submitNothingSelected : UI_TEXT.queueImport.submitTitle(documents.length)}
        relationship="description"
        withArrow
      >
        <ToolbarButton
          icon={<SendRegular />}
          disabledFocusable={!allowed}
          onClick={() => {
            if (!allowed) return;
            setError(null);
            setPrompt({
              action: UI_TEXT.queueImport.submit,
              title: UI_TEXT.queueImport.submitTitle(documents.length),
              requirement: { required: true, message: MESSAGES.noteRequired },
              warning: null,
            });
          }}
        >
          {UI_TEXT.queueImport.submit}
        </ToolbarButton>
      </Tooltip>
      <NotePromptDialog
        prompt={prompt}
        busy={busy}
        error={error}
        onConfirm={(note) => void submit(note)}
        onCancel={() => setPrompt(null)}
      />
      <ApproveNowDialog
        open={approveNow !== null}
        body={UI_TEXT.queueImport.approveNowBody(queue?.name ?? '')}
        approve={approve}
        onDone={() => setApproveNow(null)}
      />
    </>
  );
}
