import { useId, useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { ApiError } from '../../../api';
import {
  decodeDocumentId,
  decodeWorkflowPermissions,
  hasQueueFeature,
  type ApprovalStep,
  type DmsDocument,
  type WorkflowQueue,
} from '../../../model';
import { MESSAGES } from '../../../locale/messages';
import { useServices } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';
import { useGoBack } from '../../app/useGoBack';
import { useNotify } from '../../app/useToast';
import { useLocaleFormats } from '../../locale/useLocaleFormats';
import { UI_TEXT } from '../../../locale/uiText';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  step: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  current: { border: `1px solid ${tokens.colorBrandStroke1}` },
  stepText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  stepButtons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  add: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** What the screen loads: the document, its steps in order, and the queues a new step may name. */
interface ApprovalRouteData {
  document: DmsDocument;
  steps: ApprovalStep[];
  candidates: WorkflowQueue[];
}

type ScreenState = { status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & ApprovalRouteData);

/** Whether the caller may change the approval list: the queue has WorkflowRoute and they hold Approve or Route there (the server's rule). */
function canEditApprovals(document: DmsDocument): boolean {
  if (!hasQueueFeature(document.queue, 'WorkflowRoute')) return false;
  const perms = decodeWorkflowPermissions(document.workflowPerms);
  return perms.approve || perms.route;
}

/** The words for a failed call: a missing document in the spec's sentence, the rest as the API chose. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.status === 404 ? MESSAGES.documentNotFound : error.message;
  return MESSAGES.unhandledError;
}

/** Status of a step; the list shows it in the catalogue's words (UI_TEXT.workflow.stepStatus). */
function stepStatus(step: ApprovalStep): 'approved' | 'current' | 'pending' {
  if (step.approvedAt !== null || step.approvedBy !== null) return 'approved';
  return step.current ? 'current' : 'pending';
}

/**
 * A document's approval list (`/approval-routes/:docId?dataAreaId=`; portal popup "approval
 * lists"): the steps in order with approved / current / pending and who approved when. Callers
 * who may change it (queue feature WorkflowRoute, and Approve or Route on the queue) add a step
 * from the queues routes lead to, remove a step not yet approved, and move one up or down, which
 * re-sets the two steps it swaps. Everyone else sees it read-only.
 */
export function ApprovalRoutesScreen(): ReactElement {
  const { formatDateTime } = useLocaleFormats();
  const styles = useStyles();
  const headingId = useId();
  const { docId = '' } = useParams();
  const id = decodeDocumentId(docId);
  const goBack = useGoBack();
  const notify = useNotify();
  const { api, loading, queryClient } = useServices();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Document, steps and the queues a step may name, as one query under the document's keys, so a
  // route or an approve elsewhere (which invalidate the document) refreshes it too. The screen
  // shows a failure itself.
  const approvalsKey = queryKeys.documentApprovalRoute(id);
  const query = useQuery({
    queryKey: approvalsKey,
    queryFn: async ({ signal }): Promise<ApprovalRouteData> => {
      const [document, steps] = await loading.track(
        Promise.all([api.documents.getDocument(id, signal), api.workflow.getApprovals(id, signal)]),
      );
      const candidates =
        document.queue !== null && canEditApprovals(document)
          ? await loading.track(api.workflow.getApprovalRouteQueues(document.queue.id, signal))
          : [];
      return { document, steps: [...steps].sort((a, b) => a.step - b.step), candidates };
    },
    enabled: id !== 0,
    meta: { quiet: true },
  });
  const state: ScreenState =
    id === 0
      ? { status: 'failed', message: MESSAGES.documentNotFound }
      : query.data
        ? { status: 'ready', ...query.data }
        : query.error
          ? { status: 'failed', message: failureText(query.error) }
          : { status: 'loading' };

  /** Runs one or more step changes, then reads the list again (the server renumbers). */
  const change = async (changes: readonly { step: number; queueId: number | null }[], done: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      // One after the other: a swap is two writes and the second relies on the first.
      for (const item of changes) await loading.track(api.workflow.setApprovalStep(id, item.step, item.queueId));
      notify(done);
    } catch (failure) {
      setError(failureText(failure));
    }
    try {
      // The server renumbers: the list (and the document's other queries) read again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.document(id) }, { throwOnError: true });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const document = state.status === 'ready' ? state.document : null;
  const steps = state.status === 'ready' ? state.steps : [];
  const editable = document !== null && canEditApprovals(document);
  const candidates = state.status === 'ready' ? state.candidates : [];
  const pending = (step: ApprovalStep | undefined): step is ApprovalStep => step !== undefined && stepStatus(step) !== 'approved';

  const swap = (upper: ApprovalStep, lower: ApprovalStep, name: string, direction: 'up' | 'down'): Promise<void> =>
    change(
      [
        { step: upper.step, queueId: lower.queueId },
        { step: lower.step, queueId: upper.queueId },
      ],
      UI_TEXT.workflow.movedStep(name, direction),
    );

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Subtitle2 as="h1" id={headingId} className={styles.title} title={document?.name}>
          {document ? UI_TEXT.workflow.approvalListOf(document.name) : UI_TEXT.workflow.approvalList}
        </Subtitle2>
      </div>
      <div className={styles.section}>
        {state.status === 'loading' ? <Spinner size="small" label={UI_TEXT.workflow.loadingApprovalList} /> : null}
        {state.status === 'failed' ? (
          <div role="alert">
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{state.message}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}
        {error !== null ? (
          <div role="alert">
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}
        {state.status === 'ready' && !editable ? <Caption1>{UI_TEXT.workflow.approvalListReadOnly}</Caption1> : null}
        {state.status === 'ready' && steps.length === 0 ? <Body1>{UI_TEXT.workflow.noApprovalSteps}</Body1> : null}
        {steps.length > 0 ? (
          <ol className={styles.list} aria-labelledby={headingId}>
            {steps.map((step, index) => {
              const status = stepStatus(step);
              const previous = steps[index - 1];
              const next = steps[index + 1];
              const name = step.queueName;
              return (
                <li
                  key={step.step}
                  className={status === 'current' ? `${styles.step} ${styles.current}` : styles.step}
                  aria-current={status === 'current' ? 'step' : undefined}
                >
                  <div className={styles.stepText}>
                    <Text weight="semibold">
                      {step.step}. {name}
                    </Text>
                    {status === 'approved' ? (
                      <Caption1>
                        {UI_TEXT.workflow.approvedBy(step.approvedBy)}
                        {step.approvedAt !== null ? (
                          <>
                            {UI_TEXT.workflow.approvedOn}
                            <time dateTime={step.approvedAt}>{formatDateTime(step.approvedAt)}</time>
                          </>
                        ) : null}
                      </Caption1>
                    ) : null}
                  </div>
                  <Badge appearance="tint" color={status === 'approved' ? 'success' : status === 'current' ? 'brand' : 'informative'}>
                    {UI_TEXT.workflow.stepStatus[status]}
                  </Badge>
                  {editable && status !== 'approved' ? (
                    <div className={styles.stepButtons}>
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<ArrowUpRegular />}
                        aria-label={UI_TEXT.workflow.moveStepUp(step.step, name)}
                        disabled={busy || !pending(previous)}
                        onClick={() => pending(previous) && void swap(previous, step, name, 'up')}
                      />
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<ArrowDownRegular />}
                        aria-label={UI_TEXT.workflow.moveStepDown(step.step, name)}
                        disabled={busy || !pending(next)}
                        onClick={() => pending(next) && void swap(step, next, name, 'down')}
                      />
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<DeleteRegular />}
                        aria-label={UI_TEXT.workflow.removeStep(step.step, name)}
                        disabled={busy}
                        onClick={() => void change([{ step: step.step, queueId: null }], UI_TEXT.workflow.removedStep(name))}
                      />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
        {editable ? (
          <div className={styles.add}>
            <Field label={UI_TEXT.workflow.approvalQueue}>
              <Select value={choice} onChange={(_event, data) => setChoice(data.value)} disabled={busy || candidates.length === 0}>
                <option value="">{candidates.length === 0 ? UI_TEXT.workflow.noQueuesToAdd : UI_TEXT.workflow.chooseQueue}</option>
                {candidates.map((queue) => (
                  <option key={queue.id} value={String(queue.id)}>
                    {queue.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              appearance="primary"
              disabled={busy || choice === ''}
              onClick={() => {
                const queue = candidates.find((candidate) => String(candidate.id) === choice);
                if (!queue) return;
                setChoice('');
                void change([{ step: steps.length + 1, queueId: queue.id }], UI_TEXT.workflow.addedStep(queue.name));
              }}
            >
              {UI_TEXT.workflow.addStep}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
