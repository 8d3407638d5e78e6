import { useId, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Body1, CounterBadge, MessageBar, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '../../../api';
import type { WorkflowQueue } from '../../../model';
import { MESSAGE_FUNCTIONS } from '../../../locale/messageFunctions';
import { MESSAGES } from '../../../locale/messages';
import { useServices } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';
import { UI_TEXT } from '../../../locale/uiText';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

type SlimState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; queues: WorkflowQueue[] };

/** The default workflow area (portal §2: the responsive workflow view). */
const DEFAULT_AREA_PREFIX = 'workflow2';

/**
 * The area the links go to: `areaPrefix` without its outer slashes when it is a plain path of
 * letters, digits, '-', '_' and '/' (e.g. 'portal/workflow'); anything else — '..', a scheme, an
 * empty value — falls back to 'workflow2', so a crafted query cannot point the links elsewhere.
 */
function areaPrefixOf(raw: string | null): string {
  const trimmed = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(trimmed)) return DEFAULT_AREA_PREFIX;
  return trimmed;
}

/**
 * The compact queue list of one queue type (`/queue-types/:queueTypeId/queues-slim?areaPrefix=`):
 * each queue the caller may browse as a link to its documents under the area prefix, with its
 * document count. A queue type id that is not a number is refused with the spec's text and no call.
 */
export function QueuesSlimScreen(): ReactElement {
  const styles = useStyles();
  const headingId = useId();
  const { queueTypeId = '' } = useParams();
  const [search] = useSearchParams();
  const area = areaPrefixOf(search.get('areaPrefix'));
  const { api, loading } = useServices();
  const valid = /^[0-9]{1,15}$/.test(queueTypeId);
  const queues = useQuery({
    queryKey: queryKeys.queueTypeQueues(queueTypeId),
    queryFn: ({ signal }) => loading.track(api.workflow.getQueueTypeQueues(Number(queueTypeId), undefined, signal)),
    enabled: valid,
    // The screen says what went wrong itself, in the server's words.
    meta: { quiet: true },
  });
  const state: SlimState = !valid
    ? { status: 'failed', message: MESSAGE_FUNCTIONS.invalidQueueTypeId(queueTypeId) }
    : queues.data !== undefined
      ? { status: 'ready', queues: queues.data }
      : queues.isError
        ? { status: 'failed', message: queues.error instanceof ApiError ? queues.error.message : MESSAGES.unhandledError }
        : { status: 'loading' };

  const title = state.status === 'ready' && state.queues.length > 0 ? state.queues[0].queueTypeName : UI_TEXT.workflow.queues;

  return (
    <div className={styles.screen}>
      <Subtitle2 as="h1" id={headingId}>
        {title}
      </Subtitle2>
      {state.status === 'loading' ? <Spinner size="tiny" label={UI_TEXT.workflow.loadingQueues} /> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
        </div>
      ) : null}
      {state.status === 'ready' && state.queues.length === 0 ? <Body1>{UI_TEXT.workflow.noQueuesToOpen}</Body1> : null}
      {state.status === 'ready' && state.queues.length > 0 ? (
        <nav aria-labelledby={headingId}>
          <ul className={styles.list}>
            {state.queues.map((queue) => (
              <li key={queue.id}>
                <RouterLink
                  className={styles.link}
                  to={`/${area}/queues/${queue.id}/documents?queueTypeId=${queue.queueTypeId}`}
                  aria-label={UI_TEXT.workflow.queueTypeLink(queue.name, queue.documentCount)}
                >
                  <span className={styles.name}>{queue.name}</span>
                  <CounterBadge count={queue.documentCount} showZero appearance="ghost" color="informative" aria-hidden />
                </RouterLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
