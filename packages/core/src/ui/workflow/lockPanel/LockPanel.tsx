import { useCallback, useEffect, useId, useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { ApiError } from '../../../api';
import type { DmsDocument, DocumentLock, DocumentLockInfo, LockAction } from '../../../model';
import { lockActionAvailability, resolveLockState, type LockAccess } from '../../../rules';
import { MESSAGES } from '../../../locale/messages';
import { useServices } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';
import { useLocaleFormats } from '../../locale/useLocaleFormats';
import { UI_TEXT } from '../../../locale/uiText';
import { shownMessage } from '../../../locale/shownMessage';

/** Props of LockPanel. */
export interface LockPanelProps {
  /** The document whose lock is shown; its queue is the one the lock calls name. */
  document: DmsDocument;
  /** Called after the lock changed (or turned out to have changed), so the caller can reload. */
  onChanged: () => void;
}

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS, minWidth: 0 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** How often the countdown is redrawn: it shows whole minutes, so a quarter minute is plenty. */
const COUNTDOWN_TICK_MS = 15_000;

const ACTION_LABELS: Record<LockAction, string> = UI_TEXT.workflow.lockActions;
const ACTION_DONE: Record<LockAction, string> = UI_TEXT.workflow.lockDone;

/** The lock as a document carries it, from a lock call's answer. */
function toDocumentLock(info: DocumentLockInfo | undefined): DocumentLock | null {
  return info ? { lockExpiration: info.lockExpiration, ownLock: info.ownLock, holder: info.holder } : null;
}

/**
 * The words for a failed lock call: a 409 is the out-of-sync refusal (the document moved or
 * changed since the window loaded), another user's lock, or — on a renewal — who released the
 * caller's lock ('Your lock was released by {manager}.'), which is shown as the server says it;
 * the rest keep the API's message.
 */
function lockErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409)
      return error.message.includes(MESSAGES.queueOutOfSync)
        ? MESSAGES.documentMovedQueue
        : error.message || MESSAGES.documentLockedByOther;
    return error.message;
  }
  return MESSAGES.unhandledError;
}

/** Whole minutes left until `expiration`, rounded up so a lock with 30 s left still says 1 min. */
function minutesLeft(expiration: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiration) - now) / 60_000));
}

/**
 * The lock panel of a workflow document (embedded §2 "Lock panel"): who holds the lock (You, the
 * holder, or Not locked), when it expires in local time with a live "expires in n min", and the
 * Lock / Renew lock / Unlock buttons enabled by the core lock rules (access flags after the
 * OptInWorkflow adjustment). A disabled button stays focusable and says why.
 */
export function LockPanel({ document, onChanged }: LockPanelProps): ReactElement {
  const { formatDateTime } = useLocaleFormats();
  const styles = useStyles();
  const headingId = useId();
  const { api, queryClient, workflowActions } = useServices();
  const [lock, setLock] = useState<DocumentLock | null>(document.lock);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<LockAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queueId = document.queue?.id ?? null;

  useEffect(() => {
    setLock(document.lock);
    setError(null);
  }, [document]);

  // The document the caller holds may be minutes old: read the live lock and the lock flags now,
  // through the cache (the access flags are shared with the other screens of the document).
  // The panel shows a failure itself.
  const accessQuery = useQuery({
    queryKey: queryKeys.documentAccess(document.id),
    queryFn: ({ signal }) => api.documents.getAccess(document.id, signal),
    meta: { quiet: true },
  });
  const locksQuery = useQuery({
    queryKey: queryKeys.documentLocks(document.id),
    queryFn: ({ signal }) => api.workflow.getLocks(document.id, signal),
    meta: { quiet: true },
  });
  const loadFailure = accessQuery.error ?? locksQuery.error;
  const access: LockAccess | null = loadFailure
    ? { createLock: false, renewLock: false, unlock: false }
    : accessQuery.data
      ? { createLock: accessQuery.data.createLock, renewLock: accessQuery.data.renewLock, unlock: accessQuery.data.unlock }
      : null;
  // A failed read shows like a refused action, and can be dismissed the same way.
  useEffect(() => {
    if (loadFailure) setError(lockErrorText(loadFailure));
  }, [loadFailure]);

  // Each answer of the live locks (also a reload with the same lock) replaces what is shown.
  const locksAnswer = locksQuery.data;
  const locksAnsweredAt = locksQuery.dataUpdatedAt;
  useEffect(() => {
    if (locksAnswer === undefined) return;
    setLock(toDocumentLock(locksAnswer[0]));
    setNow(Date.now());
  }, [locksAnswer, locksAnsweredAt]);

  /** Reads the document's queries again (its lock, flags and the document itself). */
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.document(document.id) }),
    [queryClient, document.id],
  );

  const state = resolveLockState(lock, now);
  const live = state.owner !== 'none';

  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);

  // A lock that ran out while shown changes what the buttons may do: ask the server again.
  const expiredWhileShown = lock !== null && !live;
  useEffect(() => {
    if (expiredWhileShown) {
      setLock(null);
      reload();
    }
  }, [expiredWhileShown, reload]);

  const run = useCallback(
    async (action: LockAction): Promise<void> => {
      if (queueId === null) return;
      setBusy(action);
      setError(null);
      try {
        // The workflow's lock call (services/workflowActions) says it is done and, success or
        // refusal, has the document's queries (its lock, its flags) read again.
        const [answer] = await workflowActions.changeLocks(action, [{ docId: document.id, queueId, rowVersion: document.rowVersion }], {
          notice: ACTION_DONE[action],
        });
        setLock(toDocumentLock(answer ?? undefined));
        setNow(Date.now());
      } catch (failure) {
        setError(lockErrorText(failure));
      } finally {
        setBusy(null);
        // Success or refusal, the lock may now differ from what the caller shows.
        onChanged();
      }
    },
    [workflowActions, document.id, document.rowVersion, queueId, onChanged],
  );

  const owner =
    state.owner === 'self'
      ? UI_TEXT.workflow.lockOwnerYou
      : state.owner === 'other'
        ? (state.holder ?? UI_TEXT.workflow.lockOwnerOther)
        : UI_TEXT.workflow.notLocked;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {UI_TEXT.workflow.documentLock}
      </Subtitle2>
      <dl className={styles.facts}>
        <dt className={styles.term}>{UI_TEXT.workflow.lockedBy}</dt>
        <dd className={styles.value}>
          <Text weight={state.owner === 'none' ? 'regular' : 'semibold'}>{owner}</Text>
        </dd>
        <dt className={styles.term}>{UI_TEXT.workflow.expires}</dt>
        <dd className={styles.value}>
          {state.expiration !== null ? (
            <>
              <time dateTime={state.expiration}>{formatDateTime(state.expiration)}</time>
              <Caption1> {UI_TEXT.workflow.expiresIn(minutesLeft(state.expiration, now))}</Caption1>
            </>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      {queueId === null ? <Caption1>{UI_TEXT.workflow.notInQueueCannotLock}</Caption1> : null}
      <div className={styles.buttons}>
        {(['createLock', 'renewLock', 'unlock'] as const).map((action) => {
          const availability =
            access === null ? null : lockActionAvailability(action, [{ access, queue: document.queue }], { searchView: false });
          const blocked = queueId === null || availability === null || !availability.allowed;
          const reason = availability !== null && !availability.allowed ? shownMessage(availability.message) : null;
          const button = (
            <Button
              key={action}
              appearance={action === 'createLock' ? 'primary' : 'secondary'}
              disabledFocusable={blocked || busy !== null}
              onClick={() => void run(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          );
          return reason !== null && queueId !== null ? (
            <Tooltip key={action} content={reason} relationship="description">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </div>
      {error !== null ? (
        <div role="alert">
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{error}</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button
                  appearance="transparent"
                  aria-label={UI_TEXT.workflow.dismissLockError}
                  icon={<DismissRegular />}
                  onClick={() => setError(null)}
                />
              }
            />
          </MessageBar>
        </div>
      ) : null}
    </section>
  );
}
