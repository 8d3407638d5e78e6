import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '../../api';
import type { LinkChange } from '../../contract';
import { LIMITS, hasQueueFeature, type DocumentLink, type WorkflowQueue } from '../../model';
import { quickLinkFailed, quickLinkSetupComplete } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { useHostContext } from '../app/useHostContext';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { launchLinkedRecord } from '../launch/launchLinkedRecord';
import { linkErrorMessage } from '../link/linkErrorMessage';
import { linkableEntityTypes, sameTypeName } from '../link/linkableEntityTypes';
import { QuickLinkFailure, resolveQuickLinkRecord } from './resolveQuickLinkRecord';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A quick-link queue's Link To Approval setup, under `workflow` so workflow changes read it again. */
function setupKey(queueId: number) {
  return ['workflow', 'quickLinkSetup', queueId] as const;
}

/** Props of QuickLinkDialog. */
export interface QuickLinkDialogProps {
  docId: number;
  /** The Quick Link queue the listing shows. */
  queue: WorkflowQueue;
  onClose(): void;
}

/** The words for a failed approval, inside the dialog. */
function approveErrorText(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.documentNotApproved;
}

/**
 * Quick Link in a Quick Link queue's listing (embedded §4): a queue not set up for Link To
 * Approval says 'This queue has not been properly configured for Link To Approval' and offers
 * 'Approve anyway'; otherwise the user names the record (type, and its number or ERP id), the
 * document is linked to it (POST /documents/{id}/link; a record not found → 'Link failed, since
 * record ID: {id} …'), the ERP page is told (host notifyDocumentLinked), the record opens when the
 * queue sets LaunchRecordAfterDocumentLink, and the document is approved (PUT /documents/approval)
 * with the row version the link answered. An approval that fails after the link leaves the
 * document linked and asks again ("Link-then-approve"); a document already linked is only asked.
 */
export function QuickLinkDialog({ docId, queue, onClose }: QuickLinkDialogProps): ReactElement {
  const styles = useStyles();
  const { api, alerts, capabilities, loading, selection, workflowActions } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { context } = useHostContext();
  const documentQuery = useQuery({
    queryKey: queryKeys.document(docId),
    queryFn: ({ signal }) => loading.track(api.documents.getDocument(docId, signal)),
  });
  const setupQuery = useQuery({
    queryKey: setupKey(queue.id),
    queryFn: ({ signal }) => loading.track(api.workflow.getLinkToApproval(queue.id, signal)),
  });
  const tablesQuery = useQuery({ queryKey: queryKeys.linkableTables, queryFn: ({ signal }) => api.link.getLinkableTables(signal) });
  const document = documentQuery.data ?? null;
  const choices = useMemo(() => linkableEntityTypes(context, null, tablesQuery.data ?? []), [context, tablesQuery.data]);
  const [typeName, setTypeName] = useState<string | null>(null);
  const chosen = choices.find((choice) => typeName !== null && sameTypeName(choice.typeName, typeName)) ?? choices[0] ?? null;
  const [recordText, setRecordText] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The document after its link: the number linked to and the row version to approve with. */
  const [linked, setLinked] = useState<{ number: string; rowVersion: number } | null>(null);

  const loadFailure = documentQuery.error ?? setupQuery.error;
  const setupComplete = setupQuery.data ? quickLinkSetupComplete(setupQuery.data) : null;
  const alreadyLinked =
    document !== null && document.link !== null ? { number: document.link.sourceNumber, rowVersion: document.rowVersion } : null;
  const toApprove = linked ?? alreadyLinked;

  /** What a link changes besides the workflow: the viewer's document and the folders it shows in. */
  const refreshLinked = async (): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.documentView(docId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
    ]);
  };
  /** A link the server approved on its own (OnLink): the workflow and the document changed too. */
  const refresh = async (): Promise<void> => {
    await Promise.all([
      refreshLinked(),
      queryClient.invalidateQueries({ queryKey: queryKeys.document(docId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
    ]);
  };

  const approve = async (rowVersion: number, done: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      // The workflow's approval (services/workflowActions) reads the queues and the document again and says `done`.
      await workflowActions.approve(
        { docIds: [docId], rowConflictIds: [rowVersion], expectedQueueId: queue.id, note: note.trim() || undefined },
        { notice: done },
      );
      selection.set([]);
      await refreshLinked();
      // Closing unmounts the dialog: its state is not touched after that.
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(approveErrorText(failure));
    }
  };

  /** What follows a link: the ERP page hears of it, and the record opens where the queue says so. */
  const afterLink = (link: DocumentLink): void => {
    capabilities
      .notifyDocumentLinked?.({ docId, typeName: link.sourceEntityTypeName ?? '', dataAreaId: link.dataAreaId, recordId: link.recordId })
      .catch((failure: unknown) => console.warn('Could not tell the ERP page about the link.', failure));
    if (hasQueueFeature(queue, 'LaunchRecordAfterDocumentLink')) void launchLinkedRecord({ api, capabilities, alerts }, link);
  };

  const linkAndApprove = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (document === null || chosen === null || busy) return;
    const text = recordText.trim();
    if (text === '') return setError(MESSAGES.fieldRequired);
    setBusy(true);
    setError(null);
    let change: LinkChange;
    let number: string;
    try {
      const record = await loading.track(resolveQuickLinkRecord(api, queryClient, chosen, text, context?.dataAreaId ?? ''));
      number = record.number;
      change = await loading.track(
        api.link.linkDocument(docId, {
          relatedTypeName: chosen.typeName,
          relatedDataAreaId: record.dataAreaId,
          relatedRecordId: record.recordId,
          relatedTableId: chosen.tableId,
          relatedSitId: chosen.sitId,
          rowConflictId: document.rowVersion,
          expectedQueueId: queue.id,
        }),
      );
    } catch (failure) {
      setBusy(false);
      if (failure instanceof QuickLinkFailure) return setError(failure.message);
      // A record the ERP does not have (404 that is not the document's) is the quick-link failure.
      if (failure instanceof ApiError && failure.status === 404 && failure.message !== MESSAGES.documentNotFound)
        return setError(quickLinkFailed(text, chosen.label));
      return setError(linkErrorMessage(failure));
    }
    setLinked({ number: change.link?.sourceNumber ?? number, rowVersion: change.rowVersion });
    if (change.link !== null) afterLink({ ...change.link, sourceEntityTypeName: change.link.sourceEntityTypeName ?? chosen.typeName });
    const done = UI_TEXT.quickLink.linkedAndApproved(document.name, change.link?.sourceNumber ?? number);
    // The queue's OnLink event (docs/UX-DECISIONS.md "OnLink") approved it already, or said why it could not:
    // approving again would only be refused; the refusal is shown with the link-then-approve ask.
    if (change.autoApproved === true) {
      selection.set([]);
      await refresh();
      notify(done);
      onClose();
      return;
    }
    if (typeof change.autoApproveRefusal === 'string') {
      setBusy(false);
      return setError(change.autoApproveRefusal);
    }
    await approve(change.rowVersion, done);
  };

  const noteField = (
    <Field label={UI_TEXT.quickLink.note}>
      <Textarea value={note} maxLength={LIMITS.noteMaxLength} onChange={(_, data) => setNote(data.value)} />
    </Field>
  );
  const errorBar = error ? (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>{error}</MessageBarBody>
    </MessageBar>
  ) : null;

  let content: ReactElement;
  let actions: ReactElement;
  if (loadFailure) {
    content = (
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>{approveErrorText(loadFailure)}</MessageBarBody>
      </MessageBar>
    );
    actions = <Button onClick={onClose}>{UI_TEXT.close}</Button>;
  } else if (document === null || setupComplete === null) {
    content = <Spinner size="small" label={UI_TEXT.loading} />;
    actions = <Button onClick={onClose}>{UI_TEXT.cancel}</Button>;
  } else if (!setupComplete) {
    content = (
      <div className={styles.form}>
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{MESSAGES.linkToApprovalNotConfigured}</MessageBarBody>
        </MessageBar>
        {noteField}
        {errorBar}
      </div>
    );
    actions = (
      <>
        <Button
          appearance="primary"
          disabled={busy}
          onClick={() => void approve(document.rowVersion, UI_TEXT.quickLink.approved(document.name))}
        >
          {UI_TEXT.quickLink.approveAnyway}
        </Button>
        <Button onClick={onClose}>{UI_TEXT.cancel}</Button>
      </>
    );
  } else if (toApprove !== null) {
    content = (
      <div className={styles.form}>
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{UI_TEXT.quickLink.linkedAsk(toApprove.number)}</MessageBarBody>
        </MessageBar>
        {noteField}
        {errorBar}
      </div>
    );
    actions = (
      <>
        <Button
          appearance="primary"
          disabled={busy}
          onClick={() => void approve(toApprove.rowVersion, UI_TEXT.quickLink.linkedAndApproved(document.name, toApprove.number))}
        >
          {UI_TEXT.quickLink.approve}
        </Button>
        <Button
          onClick={() => {
            if (linked !== null) notify(UI_TEXT.quickLink.linkedOnly(document.name, linked.number));
            onClose();
          }}
        >
          {UI_TEXT.quickLink.leaveLinked}
        </Button>
      </>
    );
  } else {
    content = (
      <form id="quick-link-form" className={styles.form} onSubmit={(event) => void linkAndApprove(event)}>
        <Field label={UI_TEXT.quickLink.recordType}>
          <Select value={chosen?.typeName ?? ''} onChange={(_, data) => setTypeName(data.value)}>
            {choices.map((choice) => (
              <option key={choice.typeName} value={choice.typeName}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={UI_TEXT.quickLink.recordNumber} hint={UI_TEXT.quickLink.recordNumberHint} required>
          <Input value={recordText} onChange={(_, data) => setRecordText(data.value)} />
        </Field>
        {noteField}
        {errorBar}
      </form>
    );
    actions = (
      <>
        <Button appearance="primary" type="submit" form="quick-link-form" disabled={busy || chosen === null}>
          {UI_TEXT.quickLink.linkAndApprove}
        </Button>
        <Button onClick={onClose}>{UI_TEXT.cancel}</Button>
      </>
    );
  }

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            {setupComplete === false ? UI_TEXT.quickLink.linkToApproval : UI_TEXT.quickLink.dialogTitle(document?.name ?? '')}
          </DialogTitle>
          <DialogContent>{content}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
