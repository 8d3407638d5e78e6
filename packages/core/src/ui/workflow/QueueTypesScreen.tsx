import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, CounterBadge, Text } from '@fluentui/react-components';
import { useServices } from '../app/DatahavenServices';

import { WorkflowHeader } from './WorkflowHeader';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { useWorkflowBase } from './useWorkflowBase';
import { useWorkflowStyles } from './workflowStyles';
import { UI_TEXT } from '../../locale/uiText';

/** The queue types the caller can browse (portal §2 "queue-types"), each a link to its queues. */
export function QueueTypesScreen(): ReactElement {
  const styles = useWorkflowStyles();
  const base = useWorkflowBase();
  const { api } = useServices();
  const root = useApiQuery(queryKeys.workflowRoot({}), (signal) => api.workflow.getRoot({}, signal));
  const types = root.data?.queueTypes ?? [];
  return (
    <div className={styles.screen}>
      <WorkflowHeader
        title={UI_TEXT.workflow.queueTypes}
        crumbs={[{ label: UI_TEXT.workflow.workflow, to: `${base}/auto` }, { label: UI_TEXT.workflow.queueTypes }]}
      />
      <div className={styles.body}>
        <ul className={styles.plainList} aria-label={UI_TEXT.workflow.queueTypes}>
          {types.map((type) => (
            <li key={type.id}>
              <RouterLink
                className={styles.rowLink}
                to={`${base}/queue-types/${type.id}/queues`}
                aria-label={UI_TEXT.workflow.queueTypeLink(type.name, type.documentCount)}
              >
                <Text>{type.name}</Text>
                <CounterBadge count={type.documentCount} showZero appearance="ghost" color="brand" aria-hidden />
              </RouterLink>
            </li>
          ))}
        </ul>
        {!root.loading && root.error === null && types.length === 0 ? (
          <Body1 className={styles.empty}>{UI_TEXT.workflow.noQueues}</Body1>
        ) : null}
      </div>
    </div>
  );
}
