import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Switch,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  type MenuCheckedValueChangeData,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { ColumnTripleEditRegular } from '@fluentui/react-icons/svg/column-triple-edit';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { PeopleListRegular } from '@fluentui/react-icons/svg/people-list';
import { ApiError } from '../../../api';
import { encodeDocumentId, type DmsDocument, type LockAction, type PrivilegeName } from '../../../model';
import {
  MESSAGES,
  approvalLimitBlock,
  approveAvailability,
  approveNoteRequirement,
  blockAction,
  isApprovalLimitRefusal,
  lockActionAvailability,
  parseOptions,
  rejectAvailability,
  rejectNoteRequirement,
  routeAvailability,
  type ActionAvailability,
  type NoteQueue,
  type OptionValues,
} from '../../../rules';
import { readFeatureFlags } from '../../../state/FeatureFlags';
import { WorkflowPreferences, type ColumnOverrides } from '../../../state/WorkflowPreferences';
import { useServices, useStore } from '../../app/DatahavenServices';
import { useNotify } from '../../app/useToast';
import { useOpenAppPage } from '../../app/useOpenAppPage';
import { TaggingBlockedButton } from '../../search/TaggingBlockedButton';
import { useTaggingMode } from '../../search/useTaggingMode';
import { DocumentViewer } from '../../viewer/DocumentViewer';
import { WorkflowHeader } from '../WorkflowHeader';
import { useDebouncedValue } from '../useDebouncedValue';
import { useWorkflowBase } from '../useWorkflowBase';
import { ApprovalLimitBar } from './ApprovalLimitBar';
import { DocumentGrid } from './DocumentGrid';
import { NotePromptDialog, type NotePrompt } from './NotePromptDialog';
import { ImportFilesButton } from '../queueImport/ImportFilesButton';
import { QueueDropZone } from '../queueImport/QueueDropZone';
import { SubmitAction } from '../queueImport/SubmitAction';
import { useQueueImport } from '../queueImport/useQueueImport';
import { OutOfSyncDialog } from './OutOfSyncDialog';
import { PaneSplitter } from '../../shell/PaneSplitter';
import { useInlineViewerPane } from '../../shell/useInlineViewerPane';
import { WorkflowToolbar, type WorkflowCommand } from './WorkflowToolbar';
import { DownloadMenu } from '../../export/DownloadMenu';
import { AttachMenu } from '../../export/AttachMenu';
import { configurableColumns, gridColumns, type GridColumn } from './documentColumns';
import { nextAfterRemoval, rememberRouteDeparture, selectionAfterRoute } from './nextSelection';
import { LockBar } from '../lockPanel/LockBar';
import { NARROW_MAX_WIDTH, SIDE_BY_SIDE_MIN_WIDTH, useWindowWidth } from '../useWindowWidth';
import { useQueueDocuments } from './useQueueDocuments';
import { queryKeys } from '../../app/queryKeys';
import { useApiQuery } from '../../app/useApiQuery';
import { UI_TEXT } from '../../../locale/uiText';

const NOT_IN_SEARCH = { searchView: false } as const;
/** Routing blocks shown as messages under the toolbar (embedded §2 "Routing blocks"). */
const SHOWN_BLOCKS = new Set(['noRoutes', 'linkRequired', 'approvalRoutesRequired', 'submissionRequired']);
/** The privilege each decision needs besides the queue's flag (the server checks the same: embedded §6). */
const DECISION_PRIVILEGES: Readonly<Record<'approve' | 'reject' | 'route', PrivilegeName>> = {
  approve: 'Workflow: Approve',
  reject: 'Workflow: Reject',
  route: 'Workflow Route: OK',
};
const DECISION_PRIVILEGE_NAMES: readonly PrivilegeName[] = Object.values(DECISION_PRIVILEGES);

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0 },
  controls: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}`,
  },
  search: { maxWidth: '280px', flexGrow: 1 },
  status: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
  },
  block: { color: tokens.colorPaletteDarkOrangeForeground1 },
  split: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0 },
  // From 1000 px the list and the document stand side by side (issue 12), the document on the right.
  sideBySide: { flexDirection: 'row' },
  sideViewerPane: { display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, flexShrink: 0, overflow: 'hidden' },
  lockBar: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}` },
  listPane: { display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, flexGrow: 1, flexShrink: 1, flexBasis: 0 },
  viewerPane: { display: 'flex', flexDirection: 'column', minHeight: 0, flexShrink: 0, overflow: 'hidden' },
  placeholder: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  showViewer: {
    flexShrink: 0,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
  },
  empty: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});

/** Whether a failure is the out-of-sync refusal (409 'Document Queue Out Of Sync With Window'). */
function isOutOfSync(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message.includes(MESSAGES.queueOutOfSync);
}

/** The words for a refusal shown inside a dialog. */
function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.unhandledError;
}

/** A key for a document's access flags that changes whenever they may have (lock, queue, version). */
function accessKey(doc: DmsDocument): string {
  return `${doc.id}:${doc.rowVersion}:${doc.queue?.id ?? ''}:${doc.userLock}:${doc.lock?.lockExpiration ?? ''}`;
}

/**
 * A queue's documents (portal §2 "queues/{queueId}/documents", title = the queue's name): the
 * configured columns in a keyboard grid, 30 per page with more on scroll, the workflow toolbar
 * enabled by the core rules, the note prompt, the out-of-sync dialog, the inline viewer for a
 * single selection (autoview, stored pane size) and, behind the "watch workflow documents" flag,
 * a reload every 60 s.
 */
export function QueueDocumentsScreen(): ReactElement {
  const styles = useStyles();
  const { queueId: rawQueueId = '' } = useParams();
  const queueId = /^\d+$/.test(rawQueueId) ? Number(rawQueueId) : 0;
  const base = useWorkflowBase();
  const navigate = useNavigate();
  const { api, host, selection, loading, alerts, queryClient } = useServices();
  const notify = useNotify();
  const openAppPage = useOpenAppPage();
  const preferences = useMemo(() => new WorkflowPreferences(host.storage.local), [host]);
  const flags = useMemo(() => readFeatureFlags(host.storage.local), [host]);
  const tagging = useTaggingMode();

  const optionsLoad = useApiQuery<OptionValues>(queryKeys.options, () => api.options.getValues());
  // Columns fall back to the option's defaults when the options cannot be read (the failure is in the AlertArea).
  const options = optionsLoad.data ?? (optionsLoad.error !== null ? parseOptions([]) : null);
  const [overrides, setOverrides] = useState<ColumnOverrides>(() => preferences.columnOverrides());
  const columns = useMemo(() => (options ? gridColumns(options.workflowDocumentListColumns, overrides) : []), [options, overrides]);
  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter.trim());
  const sortColumn = overrides.sort ? columns.find((column) => column.key === overrides.sort?.key && column.sort !== null) : undefined;
  const order = useMemo(
    () => ({ sort: sortColumn?.sort ?? null, desc: overrides.sort?.desc ?? false, q }),
    [sortColumn?.sort, overrides.sort?.desc, q],
  );
  const list = useQueueDocuments(queueId, order, flags.watchWorkflowDocuments);
  const { queue, documents: docs, total, status, loadingMore } = list.state;
  // Files dropped on the list or picked with Import files enter this queue (issue 12 intake).
  const queueImport = useQueueImport(queue, list.reload);

  const { ids: selectedIds, single } = useStore(selection);
  const selectedDocs = useMemo(
    () => selectedIds.map((id) => docs.find((doc) => doc.id === id)).filter((doc): doc is DmsDocument => doc !== undefined),
    [selectedIds, docs],
  );

  // Documents that left the list leave the selection too (moved, or gone in a reload); back from a
  // route, the document after the routed ones is selected.
  useEffect(() => {
    if (status !== 'ready') return;
    const selected = selection.getSnapshot().ids;
    const afterRoute = selectionAfterRoute(
      host.storage.session,
      queueId,
      docs.map((doc) => doc.id),
      selected,
    );
    if (afterRoute !== undefined) {
      selection.set(afterRoute);
      return;
    }
    selection.set(selected.filter((id) => docs.some((doc) => doc.id === id)));
  }, [status, docs, selection, host, queueId]);

  // The lock buttons need each selected document's access flags (GET /documents/{id}/access),
  // shared through the cache with the other screens of those documents. A failure reaches the
  // alert area once, from here, as it always did (the key is quiet for the screens that hide it).
  const accessResults = useQueries({
    queries: selectedDocs.map((doc) => ({
      queryKey: queryKeys.documentAccess(doc.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.documents.getAccess(doc.id, signal),
      meta: { quiet: true },
    })),
  });
  const accessFailure = accessResults.find((result) => result.error)?.error ?? null;
  useEffect(() => {
    if (accessFailure && !(accessFailure instanceof ApiError && accessFailure.kind === 'aborted')) alerts.report(accessFailure);
  }, [accessFailure, alerts]);
  // A selected document whose lock, queue or version changed (a watch reload) may have other flags now.
  const seenVersions = useRef(new Map<number, string>());
  useEffect(() => {
    for (const doc of selectedDocs) {
      const seen = seenVersions.current.get(doc.id);
      seenVersions.current.set(doc.id, accessKey(doc));
      if (seen !== undefined && seen !== accessKey(doc)) void queryClient.invalidateQueries({ queryKey: queryKeys.documentAccess(doc.id) });
    }
  }, [selectedDocs, queryClient]);
  /** Reads the selected documents' flags again (refresh, out of sync). */
  const reloadAccess = (): void => {
    for (const doc of selectedDocs) void queryClient.invalidateQueries({ queryKey: queryKeys.documentAccess(doc.id) });
  };

  const lockAvailability = (action: LockAction): ActionAvailability | null => {
    // Tagging mode (spec §4) turns the single-document actions off, locks included, whatever the access flags say.
    if (tagging.on) return blockAction('taggingMode', MESSAGES.taggingModeOn);
    const withAccess = selectedDocs.flatMap((doc, index) => {
      const flags = accessResults[index]?.data;
      return flags ? [{ access: flags, queue: doc.queue }] : [];
    });
    if (withAccess.length !== selectedDocs.length) return null;
    return lockActionAvailability(action, withAccess, NOT_IN_SEARCH);
  };
  // The approval list belongs to one document in a queue that uses approval lists, or that already has one.
  const approvalListDoc =
    selectedDocs.length === 1 && (selectedDocs[0].canApprovalRoutes || selectedDocs[0].hasApprovalRoutes) ? selectedDocs[0] : null;
  // Tagging mode (spec §4) is shared with the search pane: while on, approve, reject and route are off.
  const view = { taggingMode: tagging.on };
  // The decisions' privileges (GET /can/actions): one the user lacks is not offered at all; without
  // an answer the buttons stay and the server judges. The access flags of the selected documents
  // (privilege, queue flag and lock together, as the server will judge) turn off what they refuse.
  const privileges = useQuery({
    queryKey: queryKeys.privileges(DECISION_PRIVILEGE_NAMES),
    queryFn: () => api.privileges.canActions(DECISION_PRIVILEGE_NAMES),
    meta: { quiet: true },
  });
  const lacks = (action: 'approve' | 'reject' | 'route'): boolean =>
    privileges.data?.some((answer) => answer.action === DECISION_PRIVILEGES[action] && !answer.value) === true;
  const withAccessFlags = (action: 'approve' | 'reject' | 'route', state: ActionAvailability): ActionAvailability => {
    if (!state.allowed) return state;
    const refused = selectedDocs.some((_doc, index) => accessResults[index]?.data?.[action] === false);
    return refused
      ? blockAction(
          'notPermitted',
          lacks(action) ? UI_TEXT.workflow.needsPrivilege(action, DECISION_PRIVILEGES[action]) : MESSAGES.actionNotPermitted,
        )
      : state;
  };
  // Money rules (issue 12): an amount over the caller's limit disables Approve with the server's words, instead of failing on the click.
  const withApprovalLimit = (state: ActionAvailability): ActionAvailability =>
    state.allowed ? (approvalLimitBlock(selectedDocs, queue?.approvalLimit, queue?.name ?? '') ?? state) : state;
  // A final queue (approve-to / reject-to none) offers no approve / reject: they could only fail.
  const hiddenCommands: WorkflowCommand[] = [
    ...(lacks('approve') || queue?.approveToQueueId === null ? (['approve'] as const) : []),
    ...(lacks('reject') || queue?.rejectToQueueId === null ? (['reject'] as const) : []),
    ...(lacks('route') ? (['route'] as const) : []),
  ];
  const availability = {
    approve: withApprovalLimit(withAccessFlags('approve', approveAvailability(selectedDocs, view))),
    reject: withAccessFlags('reject', rejectAvailability(selectedDocs, view)),
    route: withAccessFlags('route', routeAvailability(selectedDocs, view)),
    createLock: lockAvailability('createLock'),
    renewLock: lockAvailability('renewLock'),
    unlock: lockAvailability('unlock'),
  };
  const blocks = [
    ...new Set(
      [availability.approve, availability.route].flatMap((state) =>
        !state.allowed && SHOWN_BLOCKS.has(state.reason) ? [state.message] : [],
      ),
    ),
  ];

  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState<(NotePrompt & { kind: 'approve' | 'reject' }) | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [outOfSync, setOutOfSync] = useState(false);
  const promptRef = useRef(prompt);
  promptRef.current = prompt;

  // Money rules (issue 12): an approval over the approver's limit, answered with Route to the next level.
  const [limitRefusal, setLimitRefusal] = useState<string | null>(null);
  // Approve disabled by the limit (withApprovalLimit) says so in the same bar, with the next level offered, until dismissed.
  const limitBlock =
    !availability.approve.allowed && availability.approve.reason === 'overApprovalLimit' ? availability.approve.message : null;
  const [dismissedLimitBlock, setDismissedLimitBlock] = useState<string | null>(null);
  const limitMessage = limitRefusal ?? (limitBlock !== dismissedLimitBlock ? limitBlock : null);
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && isApprovalLimitRefusal(error.message)) {
        setPrompt(null);
        setLimitRefusal(error.message);
      } else if (isOutOfSync(error)) {
        setPrompt(null);
        setOutOfSync(true);
      } else if (promptRef.current) {
        setPromptError(errorText(error));
      } else {
        alerts.report(error);
      }
    },
    [alerts],
  );

  const runMove = async (kind: 'approve' | 'reject', note: string | undefined): Promise<void> => {
    if (!queue || selectedDocs.length === 0) return;
    const moving = selectedDocs;
    const request = {
      docIds: moving.map((doc) => doc.id),
      rowConflictIds: moving.map((doc) => doc.rowVersion),
      expectedQueueId: queue.id,
      note,
    };
    setBusy(true);
    setPromptError(null);
    setLimitRefusal(null);
    try {
      await loading.track(kind === 'approve' ? api.workflow.approve(request) : api.workflow.reject(request));
      const next = nextAfterRemoval(
        docs.map((doc) => doc.id),
        request.docIds,
      );
      list.remove(request.docIds);
      // The moved documents change this queue, their target queues and the counts everywhere: read them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
      for (const id of request.docIds) void queryClient.invalidateQueries({ queryKey: queryKeys.document(id) });
      selection.set(next === null ? [] : [next]);
      setPrompt(null);
      notify(kind === 'approve' ? UI_TEXT.workflow.approved(request.docIds.length) : UI_TEXT.workflow.rejected(request.docIds.length));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const runLock = async (action: LockAction): Promise<void> => {
    if (!queue || selectedDocs.length === 0) return;
    const targets = selectedDocs;
    setBusy(true);
    try {
      for (const doc of targets) {
        if (action === 'createLock') await loading.track(api.workflow.lock(doc.id, queue.id, doc.rowVersion));
        else if (action === 'renewLock') await loading.track(api.workflow.renewLock(doc.id, queue.id));
        else await loading.track(api.workflow.unlock(doc.id, queue.id));
      }
      notify(UI_TEXT.workflow.lockedDocuments[action](targets.length));
    } catch (error) {
      fail(error);
    } finally {
      // Show the locks as they are now, whether every call went through or not.
      await loading
        .track(api.documents.getDocuments(targets.map((doc) => doc.id)))
        .then((fresh) => {
          list.replace(fresh);
          for (const doc of targets) void queryClient.invalidateQueries({ queryKey: queryKeys.document(doc.id) });
        })
        .catch((error: unknown) => alerts.report(error));
      setBusy(false);
    }
  };

  const onCommand = (command: WorkflowCommand): void => {
    if (!queue) return;
    switch (command) {
      case 'approve':
      case 'reject': {
        const state = availability[command];
        if (!state.allowed) return;
        void (async () => {
          // The target queue's ApproveTo / RejectTo note feature counts too (spec §5), so read it first;
          // a target the caller may not browse is judged by the server alone.
          const targetId = command === 'approve' ? queue.approveToQueueId : queue.rejectToQueueId;
          const target: NoteQueue | null =
            targetId === null ? null : await loading.track(api.workflow.getQueue(targetId)).catch(() => null);
          const requirement = command === 'approve' ? approveNoteRequirement(queue, target) : rejectNoteRequirement(queue, target);
          const label = UI_TEXT.workflow.commands[command];
          // Reject always asks (for a reason); a bulk approval asks once for the note of all.
          if (
            command === 'reject' ||
            selectedDocs.length > 1 ||
            requirement.required ||
            state.warning !== null ||
            options?.promptForNoteOnWorkflowAction
          ) {
            setPromptError(null);
            setPrompt({
              kind: command,
              action: label,
              title: UI_TEXT.workflow.promptTitle[command](selectedDocs.length),
              requirement,
              warning: state.warning,
              fieldLabel: command === 'reject' ? UI_TEXT.workflow.reason : undefined,
            });
          } else {
            await runMove(command, undefined);
          }
        })();
        break;
      }
      case 'route': {
        const search = new URLSearchParams();
        // The row versions this window saw go along, so the route screen sends them back as rowConflictIds.
        for (const doc of selectedDocs) {
          search.append('docId', String(doc.id));
          search.append('rowVersion', String(doc.rowVersion));
        }
        search.set('queueTypeId', String(queue.queueTypeId));
        // Back from Route to, the list selects the document after the routed ones (as after approve and reject).
        rememberRouteDeparture(host.storage.session, {
          queueId: queue.id,
          orderedIds: docs.map((doc) => doc.id),
          leaving: selectedDocs.map((doc) => doc.id),
        });
        navigate(`${base}/queues/${queue.id}/documents/route?${search.toString()}`);
        break;
      }
      case 'createLock':
      case 'renewLock':
      case 'unlock':
        void runLock(command);
        break;
      case 'refresh':
        reloadAccess();
        list.reload();
        break;
    }
  };

  const onSort = (column: GridColumn): void => {
    const current = overrides.sort;
    const desc = current && current.key === column.key ? !current.desc : column.firstDesc;
    const next = { ...overrides, sort: { key: column.key, desc } };
    setOverrides(next);
    preferences.setColumnOverrides(next);
  };
  const onSortChange = (column: GridColumn, desc: boolean): void => {
    const next = { ...overrides, sort: { key: column.key, desc } };
    setOverrides(next);
    preferences.setColumnOverrides(next);
  };
  const onResize = (key: string, width: number): void => {
    setOverrides((current) => {
      const next = { ...current, widths: { ...current.widths, [key]: width } };
      preferences.setColumnOverrides(next);
      return next;
    });
  };

  // Column configuration (spec §3 "column configuration and overrides" in local storage): which of the option's columns show.
  const optionalColumns = useMemo(() => (options ? configurableColumns(options.workflowDocumentListColumns) : []), [options]);
  const shownColumns = optionalColumns.filter((field) => !(overrides.hidden ?? []).includes(field.key)).map((field) => field.key);
  const onColumnsChange = (_event: unknown, data: MenuCheckedValueChangeData): void => {
    const shown = new Set(data.checkedItems);
    setOverrides((current) => {
      const next = { ...current, hidden: optionalColumns.filter((field) => !shown.has(field.key)).map((field) => field.key) };
      preferences.setColumnOverrides(next);
      return next;
    });
  };
  const resetColumns = (): void => {
    const next = { widths: {}, sort: null };
    setOverrides(next);
    preferences.setColumnOverrides(next);
  };

  const screenRef = useRef<HTMLDivElement>(null);
  const windowWidth = useWindowWidth(screenRef);
  const sideBySide = windowWidth >= SIDE_BY_SIDE_MIN_WIDTH;
  const narrow = windowWidth < NARROW_MAX_WIDTH;
  const pane = useInlineViewerPane(preferences);
  const { autoview, size: paneSize, visible: paneVisible, splitRef } = pane;
  const sortedIds = docs.map((doc) => doc.id);
  const viewedId = single !== null && docs.some((doc) => doc.id === single) ? single : null;

  const queueName = queue?.name ?? '';
  const crumbs = [
    { label: UI_TEXT.workflow.workflow, to: `${base}/auto` },
    ...(queue ? [{ label: queue.queueTypeName, to: `${base}/queue-types/${queue.queueTypeId}/queues` }] : []),
    { label: queueName || UI_TEXT.workflow.queue },
  ];

  return (
    <div className={styles.screen} ref={screenRef}>
      <WorkflowHeader title={queueName} crumbs={crumbs} />
      <div className={styles.controls}>
        <SearchBox
          className={styles.search}
          aria-label={UI_TEXT.workflow.filterDocuments}
          placeholder={UI_TEXT.workflow.filterDocuments}
          value={filter}
          onChange={(_, data) => setFilter(data.value)}
        />
        <Switch
          label={UI_TEXT.autoview}
          checked={autoview}
          onChange={(_, data) => {
            pane.setAutoview(data.checked);
          }}
        />
        {tagging.available === true && (
          <Switch label={UI_TEXT.taggingMode} checked={tagging.on} onChange={(_, data) => tagging.setOn(data.checked)} />
        )}
        <Menu checkedValues={{ columns: shownColumns }} onCheckedValueChange={onColumnsChange}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<ColumnTripleEditRegular />}>
              {UI_TEXT.workflow.columnsMenu}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList aria-label={UI_TEXT.workflow.columnsShown}>
              {optionalColumns.map((field) => (
                <MenuItemCheckbox key={field.key} name="columns" value={field.key}>
                  {field.title || field.field}
                </MenuItemCheckbox>
              ))}
              <MenuDivider />
              <MenuItem onClick={resetColumns}>{UI_TEXT.workflow.resetColumns}</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button
          appearance="subtle"
          icon={<PeopleListRegular />}
          disabled={approvalListDoc === null || tagging.on}
          title={tagging.on ? MESSAGES.taggingModeOn : approvalListDoc === null ? UI_TEXT.workflow.approvalListHint : undefined}
          onClick={() => {
            // A popup, as the portal's approval lists are (spec §2 "Popups"); it reads and edits on its own.
            // A host without popups of its own (Teams) shows it in place, with Back to this queue.
            if (approvalListDoc)
              openAppPage(`/approval-routes/${encodeDocumentId(approvalListDoc.id)}`, {
                name: 'datahaven-approval-list',
                features: 'height=640,width=760',
              });
          }}
        >
          {UI_TEXT.workflow.approvalList}
        </Button>
        {/* Next / Previous walk the list in its sorted order and wrap (spec §4), for reading one document after another. */}
        <Button
          appearance="subtle"
          icon={<ArrowUpRegular />}
          disabled={sortedIds.length === 0}
          onClick={() => selection.selectPrevious(sortedIds)}
        >
          {UI_TEXT.workflow.previous}
        </Button>
        <Button
          appearance="subtle"
          icon={<ArrowDownRegular />}
          disabled={sortedIds.length === 0}
          onClick={() => selection.selectNext(sortedIds)}
        >
          {UI_TEXT.workflow.next}
        </Button>
      </div>
      <WorkflowToolbar
        availability={availability}
        busy={busy}
        taggingOn={tagging.on}
        hidden={hiddenCommands}
        labels={{ approve: UI_TEXT.workflow.approveCount(selectedDocs.length), reject: UI_TEXT.workflow.rejectCount(selectedDocs.length) }}
        narrow={narrow}
        onCommand={onCommand}
      >
        {tagging.on ? (
          <TaggingBlockedButton label={UI_TEXT.export.download} icon={<ArrowDownloadRegular />} />
        ) : (
          <DownloadMenu documents={selectedDocs} />
        )}
        {tagging.on ? null : <AttachMenu documents={selectedDocs} />}
        <ImportFilesButton queueName={queueName} queueImport={queueImport} />
        <SubmitAction queue={queue} documents={selectedDocs} disabled={busy || tagging.on} onDone={list.reload} />
      </WorkflowToolbar>
      <ApprovalLimitBar
        message={limitMessage}
        canRoute={availability.route.allowed}
        onRoute={() => {
          setLimitRefusal(null);
          onCommand('route');
        }}
        onDismiss={() => {
          setLimitRefusal(null);
          if (limitBlock !== null) setDismissedLimitBlock(limitBlock);
        }}
      />
      <div className={styles.status} role="status" aria-label={UI_TEXT.workflow.queueStatus}>
        <Text size={200}>
          {status === 'ready' ? UI_TEXT.workflow.loadedOf(docs.length, total) : ''}
          {selectedIds.length > 0 ? ` · ${UI_TEXT.selectedCount(selectedIds.length)}` : ''}
        </Text>
        {blocks.map((message) => (
          <Text key={message} size={200} className={styles.block}>
            {message}
          </Text>
        ))}
      </div>
      {selectedDocs.length === 1 ? (
        <div className={styles.lockBar}>
          <LockBar document={selectedDocs[0]} />
        </div>
      ) : null}
      <QueueDropZone queueName={queueName} queueImport={queueImport}>
        <div className={mergeClasses(styles.split, sideBySide && styles.sideBySide)} ref={splitRef}>
          <div className={styles.listPane}>
            {status === 'ready' && docs.length === 0 ? (
              <Body1 className={styles.empty}>{UI_TEXT.workflow.noDocuments}</Body1>
            ) : columns.length > 0 && queue ? (
              <DocumentGrid
                label={UI_TEXT.workflow.documentsOf(queueName)}
                columns={columns}
                documents={docs}
                selectedIds={selectedIds}
                selection={selection}
                sort={sortColumn && overrides.sort ? overrides.sort : null}
                onSort={onSort}
                onResize={onResize}
                hasMore={docs.length < total}
                loadingMore={loadingMore}
                onLoadMore={list.loadMore}
                stacked={narrow}
                onSortChange={onSortChange}
              />
            ) : null}
          </div>
          {autoview && !paneVisible ? (
            <div className={styles.showViewer}>
              <Button appearance="subtle" size="small" icon={<EyeRegular />} onClick={pane.show}>
                {UI_TEXT.showViewer}
              </Button>
            </div>
          ) : null}
          {autoview && paneVisible ? (
            <>
              {/* Side by side the document takes the stored share of the width; stacked, of the height, with the bar to resize it. */}
              {sideBySide ? (
                <PaneSplitter layout="sideBySide" percent={paneSize} onChange={pane.resize} container={() => splitRef.current} />
              ) : (
                <PaneSplitter percent={paneSize} onChange={pane.resize} container={() => splitRef.current} />
              )}
              <section
                className={sideBySide ? styles.sideViewerPane : styles.viewerPane}
                style={sideBySide ? { width: `${paneSize}%` } : { height: `${paneSize}%` }}
                aria-label={UI_TEXT.documentViewer}
              >
                {viewedId !== null ? (
                  <DocumentViewer docId={viewedId} headingLevel="h2" keyScope="element" />
                ) : (
                  <Body1 className={styles.placeholder}>{UI_TEXT.workflow.selectOne}</Body1>
                )}
              </section>
            </>
          ) : null}
        </div>
      </QueueDropZone>
      <NotePromptDialog
        prompt={prompt}
        busy={busy}
        error={promptError}
        onConfirm={(note) => {
          if (prompt) void runMove(prompt.kind, note);
        }}
        onCancel={() => setPrompt(null)}
      />
      <OutOfSyncDialog
        open={outOfSync}
        onClose={() => {
          setOutOfSync(false);
          reloadAccess();
          list.reload();
        }}
      />
    </div>
  );
}
