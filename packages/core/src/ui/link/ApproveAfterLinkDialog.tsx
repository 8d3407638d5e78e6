import type { ReactElement } from 'react';
import type { LinkChange } from '../../contract';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { ApproveNowDialog } from '../workflow/queueImport/ApproveNowDialog';

/** A linked document whose queue's OnLink event asks its linker "Approve now?" (PromptToApproveOnLink). */
export interface ApproveAfterLink {
  docId: number;
  documentName: string;
  /** The row version the link answered. */
  rowVersion: number;
  queue: { id: number; name: string };
}

/**
 * Tells the user what the queue's OnLink event did (docs/UX-DECISIONS.md "OnLink"): approved
 * (a toast), or not approved and why (a warning; the link stands). Resolves to the prompt to
 * show when the event asks to approve (PromptToApproveOnLink), else null.
 */
export function announceLinkEvents(
  change: LinkChange,
  document: { id: number; name: string; queue: { id: number; name: string } | null },
  recordNumber: string,
  say: { notify(text: string): void; warn(text: string): void },
): ApproveAfterLink | null {
  if (change.autoApproved === true) say.notify(UI_TEXT.queueImport.linkedAndApproved(recordNumber));
  else if (typeof change.autoApproveRefusal === 'string') say.warn(UI_TEXT.queueImport.linkedNotApproved(change.autoApproveRefusal));
  if (change.promptToApprove !== true || document.queue === null) return null;
  return { docId: document.id, documentName: document.name, rowVersion: change.rowVersion, queue: document.queue };
}

/** Props of ApproveAfterLinkDialog. */
export interface ApproveAfterLinkDialogProps {
  /** The prompt to show; nothing while null. */
  pending: ApproveAfterLink | null;
  /** Answered either way (approved, failed in words, or Not now). */
  onDone(): void;
}

/**
 * "Approve now?" after a link by hand in a PromptToApproveOnLink queue — the submit flow's prompt
 * and buttons: Approve now approves the document from its queue with the row version the link
 * answered (a refusal shows in the server's words; the link stands), Not now leaves it waiting.
 * The approval is the workflow's (services/workflowActions): the queues shown read again.
 */
export function ApproveAfterLinkDialog({ pending, onDone }: ApproveAfterLinkDialogProps): ReactElement {
  const { workflowActions } = useServices();

  const approve = async (): Promise<void> => {
    if (pending === null) return;
    await workflowActions.approve(
      { docIds: [pending.docId], rowConflictIds: [pending.rowVersion], expectedQueueId: pending.queue.id },
      { notice: UI_TEXT.queueImport.approved },
    );
  };

  return (
    <ApproveNowDialog
      open={pending !== null}
      body={pending === null ? null : UI_TEXT.queueImport.approveLinkedBody(pending.documentName, pending.queue.name)}
      approve={approve}
      onDone={onDone}
    />
  );
}
