import { useState, type ReactElement } from 'react';
import { hasQueueFeature, type DmsDocument, type UploadItem } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import { ApproveNowDialog } from './ApproveNowDialog';

/**
 * Whether an uploaded document asks its uploader "Approve now?" (portal §6 PromptToApproveOnAutoLink;
 * UX-DECISIONS "Intake": a SmartQueue takes a linked arrival as auto-linked). Not where
 * AutoApproveOnAutoLink already approved it, or said why it could not.
 */
export function promptsApproveOnAutoLink(doc: DmsDocument): boolean {
  const { queue } = doc;
  return (
    queue !== null &&
    doc.link !== null &&
    hasQueueFeature(queue, 'SmartQueue') &&
    hasQueueFeature(queue, 'PromptToApproveOnAutoLink') &&
    !hasQueueFeature(queue, 'AutoApproveOnAutoLink')
  );
}

/** Props of AutoLinkApprovePrompt. */
export interface AutoLinkApprovePromptProps {
  /** This session's uploads (the uploads panel's items). */
  items: readonly UploadItem[];
}

/**
 * After an upload that entered a PromptToApproveOnAutoLink SmartQueue linked, asks the uploader
 * "Approve now?" — the submit flow's prompt and words — once per upload; Approve now approves the
 * documents from that queue (services/workflowActions: the queues shown read again), Not now
 * leaves them waiting there.
 */
export function AutoLinkApprovePrompt({ items }: AutoLinkApprovePromptProps): ReactElement {
  const { workflowActions } = useServices();
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const pending = items.find((item) => item.state === 'done' && !answered.has(item.id) && item.documents.some(promptsApproveOnAutoLink));
  const documents = pending?.documents.filter(promptsApproveOnAutoLink) ?? [];
  const queue = documents[0]?.queue ?? null;
  const close = (): void => {
    if (pending) setAnswered(new Set([...answered, pending.id]));
  };

  const approve = async (): Promise<void> => {
    if (!queue) return;
    const inQueue = documents.filter((doc) => doc.queue?.id === queue.id);
    // The dialog closing is the uploader's answer: no toast besides.
    await workflowActions.approve(
      { docIds: inQueue.map((doc) => doc.id), rowConflictIds: inQueue.map((doc) => doc.rowVersion), expectedQueueId: queue.id },
      { notice: null },
    );
  };

  return (
    <ApproveNowDialog open={queue !== null} body={UI_TEXT.queueImport.approveNowBody(queue?.name ?? '')} approve={approve} onDone={close} />
  );
}
