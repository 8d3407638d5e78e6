import { useMemo, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Body1, SearchBox, Switch, Text } from '@fluentui/react-components';
import { WorkflowPreferences } from '../../state/WorkflowPreferences';
import { useServices } from '../app/DatahavenServices';
import { QueueList } from './QueueList';
import { WorkflowHeader } from './WorkflowHeader';
import { useDebouncedValue } from './useDebouncedValue';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { useWorkflowBase } from './useWorkflowBase';
import { useWorkflowStyles } from './workflowStyles';
import { UI_TEXT } from '../../locale/uiText';

/**
 * The workflow root view (portal §2 "auto" and ""): every queue type the caller can browse with
 * its queues and their document counts, a queue-name filter, and the hide-empty-queues switch
 * (empty queues shown by default; the choice is remembered in local storage).
 */
export function WorkflowRootScreen(): ReactElement {
  const styles = useWorkflowStyles();
  const base = useWorkflowBase();
  const { api, host } = useServices();
  const preferences = useMemo(() => new WorkflowPreferences(host.storage.local), [host]);
  const [hideEmpty, setHideEmpty] = useState(() => preferences.hideEmptyQueues());
  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter.trim());
  const root = useApiQuery(queryKeys.workflowRoot({ q, hideEmpty }), (signal) => api.workflow.getRoot({ q, hideEmpty }, signal));
  const types = root.data?.queueTypes ?? [];

  return (
    <div className={styles.screen}>
      <WorkflowHeader title={UI_TEXT.workflow.workflow} />
      <div className={styles.controls}>
        <SearchBox
          className={styles.search}
          aria-label={UI_TEXT.workflow.filterQueues}
          placeholder={UI_TEXT.workflow.filterQueues}
          value={filter}
          onChange={(_, data) => setFilter(data.value)}
        />
        <Switch
          label={UI_TEXT.workflow.hideEmptyQueues}
          checked={hideEmpty}
          onChange={(_, data) => {
            setHideEmpty(data.checked);
            preferences.setHideEmptyQueues(data.checked);
          }}
        />
      </div>
      <div className={styles.body}>
        {types.map((type) => (
          <section key={type.id} className={styles.section} aria-labelledby={`queue-type-${type.id}`}>
            <Text as="h2" size={400} weight="semibold" className={styles.sectionTitle} id={`queue-type-${type.id}`}>
              {/* The type's own screen lists its queues with the type as title (portal §2). */}
              <RouterLink className={styles.typeLink} to={`${base}/queue-types/${type.id}/queues`}>
                {type.name}
              </RouterLink>{' '}
              <Text size={200}>({UI_TEXT.workflow.documentCount(type.documentCount)})</Text>
            </Text>
            <QueueList queues={type.queues} label={UI_TEXT.workflow.queuesOf(type.name)} />
          </section>
        ))}
        {!root.loading && root.error === null && types.length === 0 ? (
          <Body1 className={styles.empty}>{UI_TEXT.workflow.noQueues}</Body1>
        ) : null}
      </div>
    </div>
  );
}
