import { useMemo, useState, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { Body1, Switch } from '@fluentui/react-components';
import type { WorkflowQueueType } from '../../model';
import { WorkflowPreferences } from '../../state/WorkflowPreferences';
import { useServices } from '../app/DatahavenServices';
import { QueueList } from './QueueList';
import { WorkflowHeader } from './WorkflowHeader';

import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { useWorkflowBase } from './useWorkflowBase';
import { useWorkflowStyles } from './workflowStyles';
import { UI_TEXT } from '../../locale/uiText';

/**
 * The queues of one queue type (portal §2 "queue-types/{queueTypeId}/queues"): titled with the
 * type's name, with a breadcrumb back to the workflow root. A non-numeric id is still sent, so
 * the server's "'…'is not a valid Queue Type ID." refusal reaches the AlertArea.
 */
export function QueueTypeQueuesScreen(): ReactElement {
  const styles = useWorkflowStyles();
  const base = useWorkflowBase();
  const { queueTypeId = '' } = useParams();
  const { api, host } = useServices();
  const preferences = useMemo(() => new WorkflowPreferences(host.storage.local), [host]);
  const [hideEmpty, setHideEmpty] = useState(() => preferences.hideEmptyQueues());
  const numericId = /^\d+$/.test(queueTypeId) ? Number(queueTypeId) : null;
  const type = useApiQuery<WorkflowQueueType | null>(queryKeys.queueTypeWorkflow(queueTypeId, hideEmpty), async (signal) => {
    if (numericId === null) {
      await api.workflow.getQueueTypeQueues(queueTypeId, undefined, signal);
      return null;
    }
    return api.workflow.getQueueTypeWorkflow(numericId, { hideEmpty }, signal);
  });
  const name = type.data?.name ?? '';
  const queues = type.data?.queues ?? [];
  return (
    <div className={styles.screen}>
      <WorkflowHeader
        title={name}
        crumbs={[{ label: UI_TEXT.workflow.workflow, to: `${base}/auto` }, { label: name || UI_TEXT.workflow.queueType }]}
      >
        <Switch
          label={UI_TEXT.workflow.hideEmptyQueues}
          checked={hideEmpty}
          onChange={(_, data) => {
            setHideEmpty(data.checked);
            preferences.setHideEmptyQueues(data.checked);
          }}
        />
      </WorkflowHeader>
      <div className={styles.body}>
        {type.data ? <QueueList queues={queues} label={UI_TEXT.workflow.queuesOf(name)} /> : null}
        {type.data && queues.length === 0 ? <Body1 className={styles.empty}>{UI_TEXT.workflow.noQueues}</Body1> : null}
      </div>
    </div>
  );
}
