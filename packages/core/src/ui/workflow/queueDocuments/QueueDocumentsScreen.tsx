import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
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
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { ColumnTripleEditRegular } from '@fluentui/react-icons/svg/column-triple-edit';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { PeopleListRegular } from '@fluentui/react-icons/svg/people-list';
import { encodeDocumentId } from '../../../model';
import { parseOptions, type OptionValues } from '../../../rules';
import { MESSAGES } from '../../../locale/messages';
import { readFeatureFlags } from '../../../state/FeatureFlags';
import { queryKeys } from '../../../state/queryKeys';
import { WorkflowPreferences } from '../../../state/WorkflowPreferences';
import { useServices } from '../../app/DatahavenServices';
import { useOpenAppPage } from '../../app/useOpenAppPage';
import { TaggingBlockedButton } from '../../search/TaggingBlockedButton';
import { useTaggingMode } from '../../search/useTaggingMode';
import { DocumentViewer } from '../../viewer/DocumentViewer';
import { WorkflowHeader } from '../WorkflowHeader';
import { useDebouncedValue } from '../useDebouncedValue';
import { useWorkflowBase } from '../useWorkflowBase';
import { ApprovalLimitBar } from './ApprovalLimitBar';
import { DocumentGrid } from './DocumentGrid';
import { NotePromptDialog } from './NotePromptDialog';
import { ImportFilesButton } from '../queueImport/ImportFilesButton';
import { QueueDropZone } from '../queueImport/QueueDropZone';
import { SubmitAction } from '../queueImport/SubmitAction';
import { SendForApprovalButton } from '../sendForApproval/SendForApprovalButton';
import { RejectionBar } from '../rejection/RejectionBar';
import { useQueueImport } from '../queueImport/useQueueImport';
import { PaneSplitter } from '../../shell/PaneSplitter';
import { useInlineViewerPane } from '../../shell/useInlineViewerPane';
import { WORKFLOW_COMMAND_LABELS, WorkflowToolbar } from './WorkflowToolbar';
import { DownloadMenu } from '../../export/DownloadMenu';
import { SpreadsheetExportMenu } from '../../export/SpreadsheetExportMenu';
import { AttachMenu } from '../../export/AttachMenu';
import { EvidencePacketButton } from '../../export/EvidencePacketButton';
import { LockBar } from '../lockPanel/LockBar';
import { ActedOnBar } from './ActedOnBar';
import { useActedOn, withoutStaleActions } from './useActedOn';
import { NARROW_MAX_WIDTH, SIDE_BY_SIDE_MIN_WIDTH, useWindowWidth } from '../useWindowWidth';
import { useQueueColumns } from './useQueueColumns';
import { useQueueDecisions } from './useQueueDecisions';
import { useQueueDocuments } from './useQueueDocuments';
import { useQueueSelection } from './useQueueSelection';
import { useApiQuery } from '../../app/useApiQuery';
import { UI_TEXT } from '../../../locale/uiText';
import { PhoneDecisionBar } from '../phone/PhoneDecisionBar';
import { PhoneDocumentFacts } from '../phone/PhoneDocumentFacts';
import { PHONE_TARGET_PX } from '../phone/phoneLayout';
import { columnTitle } from './documentColumns';

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
  // The phone layout (issue 38): one step at a time, nothing wraps, every target at least 44 px.
  phoneControls: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS}`,
  },
  phoneSearch: { flexGrow: 1, minWidth: 0, maxWidth: 'none', minHeight: `${PHONE_TARGET_PX}px` },
  phoneTarget: { minWidth: `${PHONE_TARGET_PX}px`, minHeight: `${PHONE_TARGET_PX}px`, flexShrink: 0 },
  phoneNav: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  phonePosition: { flexGrow: 1, minWidth: 0, textAlign: 'center', color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  phoneViewer: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0, overflow: 'hidden' },
});

/**
 * A queue's documents (portal §2 "queues/{queueId}/documents", title = the queue's name): the
 * configured columns in a keyboard grid, 30 per page with more on scroll, the workflow toolbar
 * enabled by the core rules, the note prompt, the out-of-sync dialog, the inline viewer for a
 * single selection (autoview, stored pane size) and, behind the "watch workflow documents" flag,
 * a reload every 60 s. The view only: the list is useQueueDocuments, the columns useQueueColumns,
 * the selection useQueueSelection and the decisions useQueueDecisions.
 */
export function QueueDocumentsScreen(): ReactElement {
  const styles = useStyles();
  const { queueId: rawQueueId = '' } = useParams();
  const queueId = /^\d+$/.test(rawQueueId) ? Number(rawQueueId) : 0;
  const base = useWorkflowBase();
  const { api, host, selection: selectionStore } = useServices();
  const openAppPage = useOpenAppPage();
  const preferences = useMemo(() => new WorkflowPreferences(host.storage.local), [host]);
  const flags = useMemo(() => readFeatureFlags(host.storage.local), [host]);
  const tagging = useTaggingMode();

  const optionsLoad = useApiQuery<OptionValues>(queryKeys.options, () => api.options.getValues());
  // Columns fall back to the option's defaults when the options cannot be read (the failure is in the AlertArea).
  const options = optionsLoad.data ?? (optionsLoad.error !== null ? parseOptions([]) : null);
  const columns = useQueueColumns(options, preferences);
  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter.trim());
  const order = useMemo(() => ({ ...columns.serverSort, q }), [columns.serverSort, q]);
  const list = useQueueDocuments(queueId, order, flags.watchWorkflowDocuments);
  const { queue, documents: docs, total, status, loadingMore } = list.state;
  // Files dropped on the list or picked with Import files enter this queue (issue 12 intake).
  const queueImport = useQueueImport(queue, list.reload);

  const selection = useQueueSelection(queueId, list.state);
  const { selectedIds, selectedDocs, viewedId, sortedIds } = selection;
  // Another approver's decision on the open document, told by the live stream before the list reads again (issue 38).
  const actedOn = useActedOn(selectedDocs, sortedIds);
  const decisions = useQueueDecisions({
    queue,
    list,
    selection,
    promptForNote: options?.promptForNoteOnWorkflowAction ?? false,
    taggingOn: tagging.on,
    base,
    onOutOfSync: actedOn.markOutOfSync,
  });
  const { busy } = decisions;
  // A document someone else just acted on keeps its actions off until the list brings its fresh copy (no click meets a refusal).
  const availability = withoutStaleActions(decisions.availability, actedOn.staleReason);
  // The approval list belongs to one document in a queue that uses approval lists, or that already has one.
  const approvalListDoc =
    selectedDocs.length === 1 && (selectedDocs[0].canApprovalRoutes || selectedDocs[0].hasApprovalRoutes) ? selectedDocs[0] : null;

  const screenRef = useRef<HTMLDivElement>(null);
  const windowWidth = useWindowWidth(screenRef);
  const sideBySide = windowWidth >= SIDE_BY_SIDE_MIN_WIDTH;
  const narrow = windowWidth < NARROW_MAX_WIDTH;
  const pane = useInlineViewerPane(preferences);
  // The phone layout's steps: the list, then one document with its decisions (Back returns to the list).
  const [phoneStep, setPhoneStep] = useState<'list' | 'document'>('list');
  const phoneDocument = narrow && phoneStep === 'document' && selectedDocs.length === 1 ? selectedDocs[0] : null;
  // The queue emptied: the list (with its empty state) is the step there is. Between a decision and
  // the next document's selection the list shows for a moment and the step stays, so it goes on.
  const phoneDocumentGone = narrow && phoneStep === 'document' && status === 'ready' && docs.length === 0;
  useEffect(() => {
    if (phoneDocumentGone) setPhoneStep('list');
  }, [phoneDocumentGone]);
  const { autoview, size: paneSize, visible: paneVisible, splitRef } = pane;

  const queueName = queue?.name ?? '';
  const crumbs = [
    { label: UI_TEXT.workflow.workflow, to: `${base}/auto` },
    ...(queue ? [{ label: queue.queueTypeName, to: `${base}/queue-types/${queue.queueTypeId}/queues` }] : []),
    { label: queueName || UI_TEXT.workflow.queue },
  ];

  // More actions after Refresh (the Download menu for the selected documents; others' entries): on the toolbar, or behind More on a phone.
  const extras = [
    tagging.on ? (
      <TaggingBlockedButton key="download" label={UI_TEXT.export.download} icon={<ArrowDownloadRegular />} />
    ) : (
      <DownloadMenu key="download" documents={selectedDocs} />
    ),
    tagging.on ? null : <AttachMenu key="attach" documents={selectedDocs} />,
    tagging.on ? null : <EvidencePacketButton key="evidence" documents={selectedDocs} />,
    <ImportFilesButton key="import" queueName={queueName} queueImport={queueImport} />,
    <SubmitAction key="submit" queue={queue} documents={selectedDocs} disabled={busy || tagging.on} />,
    <SendForApprovalButton
      key="sendForApproval"
      variant="toolbar"
      documents={selectedDocs}
      queue={queue}
      disabled={busy || tagging.on}
      onSent={(outcome) => {
        // They left this queue: out of the list at once, and on to the next one (as after approve and reject).
        const ids = outcome.documents.map((doc) => doc.id);
        list.remove(ids);
        selection.selectAfterRemoval(ids);
      }}
    />,
    // The whole list, not the selection (issue 40 item 7): the columns shown, in the list's filter and order.
    <SpreadsheetExportMenu
      key="spreadsheet"
      columns={columns.columns.map((column) => column.key)}
      empty={status === 'ready' && total === 0}
      exporter={(request) => api.spreadsheets.queueDocuments(queueId, order, request)}
    />,
  ];
  const dialogs = (
    <>
      <NotePromptDialog
        prompt={decisions.prompt}
        busy={busy}
        error={decisions.promptError}
        onConfirm={decisions.confirmPrompt}
        onCancel={decisions.cancelPrompt}
      />
    </>
  );
  // The queue filter, one box in both layouts (the phone's fills its row).
  const filterBox = (className: string) => (
    <SearchBox
      className={className}
      aria-label={UI_TEXT.workflow.filterDocuments}
      placeholder={UI_TEXT.workflow.filterDocuments}
      value={filter}
      onChange={(_, data) => setFilter(data.value)}
    />
  );
  const actedOnBar = (
    <ActedOnBar
      notice={actedOn.notice}
      hasNext={actedOn.nextId !== null}
      onNext={actedOn.goNext}
      onReload={() => {
        actedOn.clearStale();
        decisions.onCommand('refresh');
      }}
      onDismiss={actedOn.dismiss}
    />
  );
  const blocks = decisions.blocks.map((message) => (
    <Text key={message} size={200} className={styles.block}>
      {message}
    </Text>
  ));

  if (phoneDocument !== null) {
    // The document step: Back and the position, the facts, the document at fit-width, the decisions fixed at the bottom.
    const position = sortedIds.indexOf(phoneDocument.id);
    return (
      <div className={styles.screen} ref={screenRef}>
        <nav className={styles.phoneNav} aria-label={queueName || UI_TEXT.workflow.queue}>
          <Button
            className={styles.phoneTarget}
            appearance="subtle"
            icon={<ArrowLeftRegular />}
            aria-label={UI_TEXT.phone.backToList}
            onClick={() => setPhoneStep('list')}
          >
            {UI_TEXT.back}
          </Button>
          <Text size={200} className={styles.phonePosition}>
            {position >= 0 ? UI_TEXT.phone.position(position + 1, total) : ''}
          </Text>
          <Button
            className={styles.phoneTarget}
            appearance="subtle"
            icon={<ArrowUpRegular />}
            aria-label={UI_TEXT.workflow.previous}
            onClick={selection.selectPrevious}
          />
          <Button
            className={styles.phoneTarget}
            appearance="subtle"
            icon={<ArrowDownRegular />}
            aria-label={UI_TEXT.workflow.next}
            onClick={selection.selectNext}
          />
        </nav>
        <PhoneDocumentFacts document={phoneDocument} />
        {actedOnBar}
        <div className={styles.lockBar}>
          <LockBar document={phoneDocument} />
        </div>
        <ApprovalLimitBar
          message={decisions.limitMessage}
          canRoute={availability.route.allowed}
          onRoute={decisions.routeFromLimit}
          onDismiss={decisions.dismissLimit}
        />
        {blocks.length > 0 ? (
          <div className={styles.status} role="status" aria-label={UI_TEXT.workflow.queueStatus}>
            {blocks}
          </div>
        ) : null}
        <section className={styles.phoneViewer} aria-label={UI_TEXT.documentViewer}>
          {/* As on a desk: a rejected document says why at its top (issue 38 item 4), on a phone too. */}
          <RejectionBar rejection={phoneDocument.rejection} />
          <DocumentViewer docId={phoneDocument.id} headingLevel="h1" keyScope="element" rejectionBar={false} />
        </section>
        <PhoneDecisionBar availability={availability} busy={busy} hidden={decisions.hiddenCommands} onCommand={decisions.onCommand}>
          {/* The viewer's header offers Send for approval, naming its target; in this popover its dialog would close with it. */}
          {extras.filter((extra) => extra?.key !== 'sendForApproval')}
        </PhoneDecisionBar>
        {dialogs}
      </div>
    );
  }

  if (narrow) {
    // The list step: the queue's name, the filter and the stacked rows; a tap opens the document step.
    return (
      <div className={styles.screen} ref={screenRef}>
        <WorkflowHeader title={queueName} crumbs={crumbs} />
        <div className={styles.phoneControls}>
          {filterBox(styles.phoneSearch)}
          <Button
            className={styles.phoneTarget}
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            aria-label={WORKFLOW_COMMAND_LABELS.refresh}
            disabled={busy}
            onClick={() => decisions.onCommand('refresh')}
          />
        </div>
        <div className={styles.status} role="status" aria-label={UI_TEXT.workflow.queueStatus}>
          <Text size={200}>{status === 'ready' ? UI_TEXT.workflow.loadedOf(docs.length, total) : ''}</Text>
          {blocks}
        </div>
        {actedOnBar}
        <QueueDropZone queueName={queueName} queueImport={queueImport}>
          <div className={styles.split}>
            <div className={styles.listPane}>
              {status === 'ready' && docs.length === 0 ? (
                <Body1 className={styles.empty}>{UI_TEXT.workflow.noDocuments}</Body1>
              ) : columns.columns.length > 0 && queue ? (
                <DocumentGrid
                  label={UI_TEXT.workflow.documentsOf(queueName)}
                  columns={columns.columns}
                  documents={docs}
                  selectedIds={selectedIds}
                  selection={selectionStore}
                  sort={columns.gridSort}
                  onSort={columns.onSort}
                  onResize={columns.onResize}
                  hasMore={docs.length < total}
                  loadingMore={loadingMore}
                  onLoadMore={list.loadMore}
                  stacked
                  onSortChange={columns.onSortChange}
                  onOpen={() => setPhoneStep('document')}
                />
              ) : null}
            </div>
          </div>
        </QueueDropZone>
        {dialogs}
      </div>
    );
  }

  return (
    <div className={styles.screen} ref={screenRef}>
      <WorkflowHeader title={queueName} crumbs={crumbs} />
      <div className={styles.controls}>
        {filterBox(styles.search)}
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
        <Menu
          checkedValues={{ columns: columns.shownColumns }}
          onCheckedValueChange={(_, data) => columns.onShownChange(data.checkedItems)}
        >
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<ColumnTripleEditRegular />}>
              {UI_TEXT.workflow.columnsMenu}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList aria-label={UI_TEXT.workflow.columnsShown}>
              {columns.optionalColumns.map((field) => (
                <MenuItemCheckbox key={field.key} name="columns" value={field.key}>
                  {columnTitle(field)}
                </MenuItemCheckbox>
              ))}
              <MenuDivider />
              <MenuItem onClick={columns.resetColumns}>{UI_TEXT.workflow.resetColumns}</MenuItem>
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
        <Button appearance="subtle" icon={<ArrowUpRegular />} disabled={sortedIds.length === 0} onClick={selection.selectPrevious}>
          {UI_TEXT.workflow.previous}
        </Button>
        <Button appearance="subtle" icon={<ArrowDownRegular />} disabled={sortedIds.length === 0} onClick={selection.selectNext}>
          {UI_TEXT.workflow.next}
        </Button>
      </div>
      <WorkflowToolbar
        availability={availability}
        busy={busy}
        taggingOn={tagging.on}
        hidden={decisions.hiddenCommands}
        labels={{ approve: UI_TEXT.workflow.approveCount(selectedDocs.length), reject: UI_TEXT.workflow.rejectCount(selectedDocs.length) }}
        onCommand={decisions.onCommand}
      >
        {extras}
      </WorkflowToolbar>
      <ApprovalLimitBar
        message={decisions.limitMessage}
        canRoute={availability.route.allowed}
        onRoute={decisions.routeFromLimit}
        onDismiss={decisions.dismissLimit}
      />
      <div className={styles.status} role="status" aria-label={UI_TEXT.workflow.queueStatus}>
        <Text size={200}>
          {status === 'ready' ? UI_TEXT.workflow.loadedOf(docs.length, total) : ''}
          {selectedIds.length > 0 ? ` · ${UI_TEXT.selectedCount(selectedIds.length)}` : ''}
        </Text>
        {blocks}
      </div>
      {actedOnBar}
      {selectedDocs.length === 1 ? (
        <div className={styles.lockBar}>
          <LockBar document={selectedDocs[0]} />
        </div>
      ) : null}
      <QueueDropZone queueName={queueName} queueImport={queueImport}>
        <div className={mergeClasses(styles.split, sideBySide && styles.sideBySide)} ref={splitRef}>
          <div className={styles.listPane}>
            {status === 'ready' && docs.length === 0 ? (
              <Body1 className={styles.empty} role="status">
                {/* A filter that finds nothing says what it looked for: the queue itself may hold documents. */}
                {q === '' ? UI_TEXT.workflow.noDocuments : UI_TEXT.workflow.noDocumentsMatch(q)}
              </Body1>
            ) : columns.columns.length > 0 && queue ? (
              <DocumentGrid
                label={UI_TEXT.workflow.documentsOf(queueName)}
                columns={columns.columns}
                documents={docs}
                selectedIds={selectedIds}
                selection={selectionStore}
                sort={columns.gridSort}
                onSort={columns.onSort}
                onResize={columns.onResize}
                hasMore={docs.length < total}
                loadingMore={loadingMore}
                onLoadMore={list.loadMore}
                stacked={narrow}
                onSortChange={columns.onSortChange}
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
                  <>
                    {/* Issue 38: a rejected document says why at its top, before the invoice is read. */}
                    <RejectionBar rejection={docs.find((doc) => doc.id === viewedId)?.rejection} />
                    <DocumentViewer docId={viewedId} headingLevel="h2" keyScope="element" rejectionBar={false} />
                  </>
                ) : (
                  <Body1 className={styles.placeholder}>{UI_TEXT.workflow.selectOne}</Body1>
                )}
              </section>
            </>
          ) : null}
        </div>
      </QueueDropZone>
      {dialogs}
    </div>
  );
}
