import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Body1 } from '@fluentui/react-components';
import type { WorkflowQueue } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { QueueList } from './QueueList';
import { WorkflowHeader } from './WorkflowHeader';

import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { useWorkflowBase } from './useWorkflowBase';
import { useWorkflowStyles } from './workflowStyles';
import { UI_TEXT } from '../../locale/uiText';

/** The queues to list and the title they go under. */
interface QueuesView {
  /** The queue type's name; null for every queue (or a type the server names no further). */
  title: string | null;
  queues: WorkflowQueue[];
}

/** The queues the caller can browse (portal §2 "queues"), all of them or those of `?queue-type-id`. */
export function QueuesScreen(): ReactElement {
  const styles = useWorkflowStyles();
  const base = useWorkflowBase();
  const [search] = useSearchParams();
  const typeParam = search.get('queue-type-id');
  const { api } = useServices();
  const view = useApiQuery<QueuesView>(queryKeys.queues(typeParam ?? ''), async (signal) => {
    if (typeParam !== null && typeParam !== '') {
      if (!/^\d+$/.test(typeParam)) return { title: null, queues: await api.workflow.getQueueTypeQueues(typeParam, undefined, signal) };
      const type = await api.workflow.getQueueTypeWorkflow(Number(typeParam), {}, signal);
      return { title: type.name, queues: type.queues };
    }
    const root = await api.workflow.getRoot({}, signal);
    return { title: null, queues: root.queueTypes.flatMap((type) => type.queues) };
  });
  const typeName = view.data?.title ?? null;
  const title = typeName ?? UI_TEXT.workflow.queues;
  const queues = view.data?.queues ?? [];
  return (
    <div className={styles.screen}>
      <WorkflowHeader title={title} crumbs={[{ label: UI_TEXT.workflow.workflow, to: `${base}/auto` }, { label: title }]} />
      <div className={styles.body}>
        <QueueList queues={queues} label={typeName === null ? title : UI_TEXT.workflow.queuesOf(typeName)} />
        {view.data && queues.length === 0 ? <Body1 className={styles.empty}>{UI_TEXT.workflow.noQueues}</Body1> : null}
      </div>
    </div>
  );
}
