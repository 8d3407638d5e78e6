import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, CounterBadge, Text } from '@fluentui/react-components';
import { useServices } from '../app/DatahavenServices';
import { documentCountText } from './QueueList';
import { NO_QUEUES_TEXT } from './WorkflowRootScreen';
import { WorkflowHeader } from './WorkflowHeader';
import { queryKeys } from '../app/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { useWorkflowBase } from './useWorkflowBase';
import { useWorkflowStyles } from './workflowStyles';

/** The queue types the caller can browse (portal §2 "queue-types"), each a link to its queues. */
export function QueueTypesScreen(): ReactElement {
  const styles = useWorkflowStyles();
  const base = useWorkflowBase();
  const { api } = useServices();
  const root = useApiQuery(queryKeys.workflowRoot({}), (signal) => api.workflow.getRoot({}, signal));
  const types = root.data?.queueTypes ?? [];
  return (
    <div className={styles.screen}>
      <WorkflowHeader title="Queue types" crumbs={[{ label: 'Workflow', to: `${base}/auto` }, { label: 'Queue types' }]} />
      <div className={styles.body}>
        <ul className={styles.plainList} aria-label="Queue types">
          {types.map((type) => (
            <li key={type.id}>
              <RouterLink className={styles.rowLink} to={`${base}/queue-types/${type.id}/queues`} aria-label={`${type.name}, ${documentCountText(type.documentCount)}`}>
                <Text>{type.name}</Text>
                <CounterBadge count={type.documentCount} showZero appearance="ghost" color="brand" aria-hidden />
              </RouterLink>
            </li>
          ))}
        </ul>
        {!root.loading && root.error === null && types.length === 0 ? <Body1 className={styles.empty}>{NO_QUEUES_TEXT}</Body1> : null}
      </div>
    </div>
  );
}
