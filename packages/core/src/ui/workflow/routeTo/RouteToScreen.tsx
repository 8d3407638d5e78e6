import { useId, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '../../../api';
import { LIMITS, decodeDocumentId, type DmsDocument, type RouteTargets, type WorkflowQueue } from '../../../model';
import { noteLength, routeAvailability, routeNoteRequirement, validateWorkflowNote, type NoteRequirement } from '../../../rules';
import { MESSAGES } from '../../../locale/messages';
import { useServices } from '../../app/DatahavenServices';
import { useTaggingMode } from '../../search/useTaggingMode';
import { queryKeys } from '../../../state/queryKeys';
import { UI_TEXT } from '../../../locale/uiText';
import { shownMessage } from '../../../locale/shownMessage';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    maxWidth: '640px',
  },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  group: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    padding: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  over: { color: tokens.colorPaletteRedForeground1 },
});

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; documents: DmsDocument[]; targets: RouteTargets };

/** What the window shows for its two loads: none selected, a failure, a document gone, or both ready. */
function loadState(selected: number, documents: DmsDocument[] | undefined, targets: RouteTargets | undefined, error: unknown): LoadState {
  if (selected === 0) return { status: 'failed', message: MESSAGES.noDocumentsSelected };
  if (error) return { status: 'failed', message: failureText(error) };
  if (!documents || !targets) return { status: 'loading' };
  // A document that is gone or no longer visible cannot be routed from this window.
  if (documents.length !== selected) return { status: 'failed', message: MESSAGES.documentNotFound };
  return { status: 'ready', documents, targets };
}

/** One queue type's group of target queues, in the order the server listed them. */
interface TargetGroup {
  id: number;
  name: string;
  queues: WorkflowQueue[];
}

/** Reads a `docId` query value: a plain number (what the toolbar sends) or an encoded id. */
function parseDocId(raw: string): number {
  if (/^[1-9][0-9]{0,15}$/.test(raw)) return Number(raw);
  return decodeDocumentId(raw);
}

/** The list window's row version of each document, from the paired `docId` / `rowVersion` query values; pairs that do not parse are left out. */
export function windowRowVersions(rawDocIds: readonly string[], rawVersions: readonly string[]): Map<number, number> {
  const versions = new Map<number, number>();
  rawDocIds.forEach((raw, index) => {
    const id = parseDocId(raw);
    const version = rawVersions[index];
    if (id > 0 && version !== undefined && /^\d{1,15}$/.test(version)) versions.set(id, Number(version));
  });
  return versions;
}

/** Groups the target queues by queue type, keeping the server's order of types and of queues. */
function groupTargets(targets: RouteTargets, filter: string): TargetGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<number, TargetGroup>();
  for (const type of targets.queueTypes) groups.set(type.id, { id: type.id, name: type.name, queues: [] });
  for (const queue of targets.queues) {
    if (needle !== '' && !queue.name.toLowerCase().includes(needle)) continue;
    const group = groups.get(queue.queueTypeId) ?? { id: queue.queueTypeId, name: queue.queueTypeName, queues: [] };
    group.queues.push(queue);
    groups.set(queue.queueTypeId, group);
  }
  return [...groups.values()].filter((group) => group.queues.length > 0);
}

/** The words for a failed load or route: the out-of-sync refusal in the spec's sentence, the rest as the API chose. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.message.includes(MESSAGES.queueOutOfSync)) return MESSAGES.documentMovedQueue;
    if (error.status === 404) return MESSAGES.documentNotFound;
    return error.message;
  }
  return MESSAGES.unhandledError;
}

/**
 * The 'Route To ...' screen (portal §2, `queues/:queueId/documents/route?docId=…&queueTypeId=…`):
 * the queues the selected documents may be routed to, grouped by queue type with a filter; the
 * route blocks of the core rules ('No Routes Available', 'Document Link Required'); a note when
 * the source or target queue requires one (4000 characters at most). Route sends PUT
 * /documents/route with the queue the window showed and the row versions it saw; Cancel and
 * success return to the queue's documents.
 */
export function RouteToScreen(): ReactElement {
  const styles = useStyles();
  const titleId = useId();
  const { queueId: queueIdParam = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { api, loading, workflowActions } = useServices();
  const tagging = useTaggingMode();
  const expectedQueueId = /^[1-9][0-9]{0,15}$/.test(queueIdParam) ? Number(queueIdParam) : 0;
  const queueTypeParam = search.get('queueTypeId');
  const queueTypeId = queueTypeParam !== null && /^[1-9][0-9]{0,15}$/.test(queueTypeParam) ? Number(queueTypeParam) : undefined;
  const docIdsKey = search
    .getAll('docId')
    .map(parseDocId)
    .filter((id) => id > 0)
    .join(',');
  const docIds = useMemo(() => (docIdsKey === '' ? [] : [...new Set(docIdsKey.split(',').map(Number))]), [docIdsKey]);
  // The row versions the list window saw (`rowVersion`, one per `docId`, same order): sent back as
  // rowConflictIds, so an edit made since that window loaded is refused as out of sync.
  const windowVersions = useMemo(() => windowRowVersions(search.getAll('docId'), search.getAll('rowVersion')), [search]);

  const [filter, setFilter] = useState('');
  const [targetId, setTargetId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // The documents and their targets as queries; this window shows their failure itself, so the
  // alert area stays quiet. Routing invalidates `workflow` (the targets) and the documents.
  const documentsQuery = useQuery({
    queryKey: queryKeys.documentList(docIds),
    queryFn: ({ signal }) => loading.track(api.documents.getDocuments(docIds, signal)),
    enabled: docIds.length > 0,
    meta: { quiet: true },
  });
  const targetsQuery = useQuery({
    queryKey: queryKeys.routeTargets(docIds, queueTypeId),
    queryFn: ({ signal }) => loading.track(api.workflow.getRouteTargets(docIds, { queueTypeId }, signal)),
    enabled: docIds.length > 0,
    meta: { quiet: true },
  });
  const state = loadState(docIds.length, documentsQuery.data, targetsQuery.data, documentsQuery.error ?? targetsQuery.error);

  const backToQueue = (): void => {
    // '..' by path: from …/queues/{id}/documents/route to …/queues/{id}/documents, whatever the area prefix.
    navigate({ pathname: '..', search: queueTypeId !== undefined ? `?queueTypeId=${queueTypeId}` : '' }, { relative: 'path' });
  };

  const documents = state.status === 'ready' ? state.documents : [];
  const source = documents[0]?.queue ?? null;
  const moved =
    state.status === 'ready' &&
    documents.some(
      (doc) => doc.queue?.id !== expectedQueueId || (windowVersions.has(doc.id) && windowVersions.get(doc.id) !== doc.rowVersion),
    );
  const availability = state.status === 'ready' ? routeAvailability(documents, { taggingMode: tagging.on }) : null;
  const noTargets = state.status === 'ready' && state.targets.queues.length === 0;
  const blockMessage = moved
    ? MESSAGES.documentMovedQueue
    : availability !== null && !availability.allowed
      ? shownMessage(availability.message)
      : noTargets
        ? MESSAGES.noRoutesAvailable
        : null;
  const groups = state.status === 'ready' ? groupTargets(state.targets, filter) : [];
  const target = state.status === 'ready' ? (state.targets.queues.find((queue) => queue.id === targetId) ?? null) : null;
  const requirement: NoteRequirement = source !== null && target !== null ? routeNoteRequirement(source, target) : { required: false };
  const length = noteLength(note);
  const tooLong = length > LIMITS.noteMaxLength;
  const count = documents.length;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (state.status !== 'ready' || blockMessage !== null || target === null || sending) return;
    const validation = validateWorkflowNote(requirement, note);
    if (!validation.valid) {
      setNoteError(shownMessage(validation.message));
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      // The workflow's route (services/workflowActions) says where they went and has the queue the
      // user goes back to, the target and the counts read again.
      await workflowActions.route(
        {
          docIds: documents.map((doc) => doc.id),
          rowConflictIds: documents.map((doc) => windowVersions.get(doc.id) ?? doc.rowVersion),
          expectedQueueId,
          note,
          to: target.id,
        },
        target.name,
      );
      backToQueue();
    } catch (error) {
      setSendError(failureText(error));
      setSending(false);
    }
  };

  const outOfSync = sendError === MESSAGES.documentMovedQueue || moved;

  return (
    <div className={styles.screen}>
      <form className={styles.form} aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
        <Subtitle2 as="h1" id={titleId}>
          {MESSAGES.routeToTitle}
        </Subtitle2>
        {state.status === 'ready' && source !== null ? (
          <Body1>{UI_TEXT.workflow.routeFrom(count === 1 ? documents[0].name : UI_TEXT.workflow.documentCount(count), source.name)}</Body1>
        ) : null}
        {state.status === 'loading' ? <Spinner size="small" label={UI_TEXT.workflow.loadingRoutes} /> : null}
        {state.status === 'failed' ? (
          <div role="alert">
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{state.message}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}
        {blockMessage !== null ? (
          <div role="alert">
            <MessageBar intent={moved ? 'error' : 'warning'} layout="multiline">
              <MessageBarBody>{blockMessage}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}
        {state.status === 'ready' && blockMessage === null && availability?.allowed && availability.warning !== null ? (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{availability.warning}</MessageBarBody>
          </MessageBar>
        ) : null}

        {state.status === 'ready' && blockMessage === null ? (
          <>
            <Field label={UI_TEXT.workflow.filterQueues}>
              <Input type="search" value={filter} onChange={(_event, data) => setFilter(data.value)} />
            </Field>
            <div className={styles.groups}>
              {groups.length === 0 ? <Body1>{UI_TEXT.workflow.noQueuesMatch}</Body1> : null}
              {groups.map((group) => (
                <fieldset key={group.id} className={styles.group}>
                  <legend className={styles.legend}>{group.name}</legend>
                  <RadioGroup
                    aria-label={UI_TEXT.workflow.queuesOf(group.name)}
                    name="route-target"
                    value={targetId !== null && group.queues.some((queue) => queue.id === targetId) ? String(targetId) : ''}
                    onChange={(_event, data) => {
                      setTargetId(Number(data.value));
                      setNoteError(null);
                    }}
                  >
                    {group.queues.map((queue) => (
                      <Radio key={queue.id} value={String(queue.id)} label={queue.name} />
                    ))}
                  </RadioGroup>
                </fieldset>
              ))}
            </div>
            <Field
              label={UI_TEXT.workflow.note}
              required={requirement.required}
              hint={requirement.required ? shownMessage(requirement.message) : undefined}
              validationState={noteError !== null || tooLong ? 'error' : 'none'}
              validationMessage={noteError ?? (tooLong ? MESSAGES.noteTooLong : undefined)}
            >
              <Textarea
                value={note}
                resize="vertical"
                rows={3}
                onChange={(_event, data) => {
                  setNote(data.value);
                  setNoteError(null);
                }}
              />
            </Field>
          </>
        ) : null}

        {sendError !== null ? (
          <div role="alert">
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{sendError}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}

        <div className={styles.footer}>
          {state.status === 'ready' && blockMessage === null ? (
            <Caption1 className={tooLong ? styles.over : undefined}>
              {length} / {LIMITS.noteMaxLength}
            </Caption1>
          ) : (
            <span />
          )}
          <div className={styles.buttons}>
            <Button
              type="submit"
              appearance="primary"
              disabled={state.status !== 'ready' || blockMessage !== null || target === null || tooLong || sending || outOfSync}
            >
              {UI_TEXT.workflow.route}
            </Button>
            {/* After the out-of-sync refusal this is the way out: the queue's documents load afresh. */}
            <Button type="button" onClick={backToQueue}>
              {UI_TEXT.cancel}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
