import { useState, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ToolbarButton, Tooltip } from '@fluentui/react-components';
import { FlashRegular } from '@fluentui/react-icons/svg/flash';
import { isQuickLinkQueueType } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices, useStore } from '../app/DatahavenServices';
import { QuickLinkDialog } from './QuickLinkDialog';

/** The listed queue, under `workflow` so a workflow change reads it again. */
function queueKey(queueId: number) {
  return ['workflow', 'quickLinkQueue', queueId] as const;
}

/**
 * The workflow toolbar's Quick Link (embedded §4–§5): shown only in the listing of a Quick Link
 * queue (its queue type is the quick-link type), where a document is approved after it is linked.
 * One selected document opens QuickLinkDialog; several say 'Multiple documents were selected for
 * Quick Link in a Quick Link queue.'.
 */
export function QuickLinkButton(): ReactElement | null {
  const { queueId: raw = '' } = useParams();
  const queueId = /^\d+$/.test(raw) ? Number(raw) : 0;
  const { api, alerts, selection } = useServices();
  const { ids } = useStore(selection);
  const [docId, setDocId] = useState<number | null>(null);
  const queueQuery = useQuery({
    queryKey: queueKey(queueId),
    queryFn: ({ signal }) => api.workflow.getQueue(queueId, signal),
    enabled: queueId !== 0,
    meta: { quiet: true },
  });
  const queue = queueQuery.data;
  if (queue === undefined || !isQuickLinkQueueType(queue.queueTypeName)) return null;

  const onClick = (): void => {
    if (ids.length > 1) return void alerts.push(MESSAGES.quickLinkMultipleSelected, 'warning');
    if (ids.length === 1) setDocId(ids[0]);
  };
  return (
    <>
      <Tooltip
        content={ids.length === 0 ? UI_TEXT.quickLink.selectOne : UI_TEXT.quickLink.quickLinkHint}
        relationship="description"
        withArrow
      >
        <ToolbarButton icon={<FlashRegular />} disabledFocusable={ids.length === 0} onClick={onClick}>
          {UI_TEXT.quickLink.quickLink}
        </ToolbarButton>
      </Tooltip>
      {docId !== null ? <QuickLinkDialog docId={docId} queue={queue} onClose={() => setDocId(null)} /> : null}
    </>
  );
}
