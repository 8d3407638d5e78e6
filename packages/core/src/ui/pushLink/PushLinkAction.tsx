import type { ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@fluentui/react-components';
import { ArrowExportLtrRegular } from '@fluentui/react-icons/svg/arrow-export-ltr';
import type { DmsDocument, ErpContext } from '../../model';
import type { PushLinkRequestBody } from '../../contract';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useHostContext } from '../app/useHostContext';
import { useNotify } from '../app/useToast';
import { useDocumentAccess } from '../export/useDocumentAccess';
import { dropPushLinkItem, savePushLinkItem } from './pushLinkItems';

/** Props of PushLinkAction. */
export interface PushLinkActionProps {
  /** The selected documents; the action is for exactly one whose access says `link`. */
  documents: readonly DmsDocument[];
}

/** The record the ERP page stands on, when the host names one (type and key at least). */
function recordInView(context: ErpContext | null): (ErpContext & { recordId: string; typeName: string }) | null {
  if (
    context === null ||
    context.recordId === undefined ||
    context.recordId === '' ||
    context.typeName === undefined ||
    context.typeName === ''
  )
    return null;
  return { ...context, recordId: context.recordId, typeName: context.typeName };
}

/**
 * Push Link (embedded §3 push-link items, §7 PUT /documents/{id}/push-link; docs/UX-DECISIONS.md
 * "Push Link in the UI"): from the workflow, the one selected document goes to the record open in
 * the ERP page (the host's record context). In a queue its lock is taken first, the spec's item
 * (queueId, docId, locked) is stored while the push runs, and the server links and releases the
 * lock in one step; a refusal shows the server's words (the spec's link messages), drops the item
 * and gives back the lock the push took.
 */
export function PushLinkAction({ documents }: PushLinkActionProps): ReactElement {
  const { api, host, loading, alerts, workflowActions } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { context } = useHostContext();
  const access = useDocumentAccess(documents);
  const record = recordInView(context);
  const single = documents.length === 1 ? documents[0] : null;
  const mayLink = single !== null && access !== null && access.length === 1 && access[0].link;
  const alreadyThere =
    single?.link != null &&
    record !== null &&
    single.link.recordId.toLowerCase() === record.recordId.toLowerCase() &&
    single.link.dataAreaId === (record.dataAreaId ?? '');
  const may = mayLink && record !== null && !alreadyThere;
  const why =
    record === null
      ? UI_TEXT.pushLink.noRecord
      : alreadyThere
        ? UI_TEXT.pushLink.alreadyThere
        : access !== null && !mayLink
          ? UI_TEXT.pushLink.notPermitted
          : undefined;

  const push = async (document: DmsDocument, target: ErpContext & { recordId: string; typeName: string }): Promise<void> => {
    const storage = host.storage.local;
    const queueId = document.queue?.id ?? null;
    // The lock first, so no one acts on the document between the pick and the link.
    const lockTarget = queueId === null ? null : { docId: document.id, queueId, rowVersion: document.rowVersion };
    if (lockTarget !== null) await workflowActions.changeLocks('createLock', [lockTarget], { notice: null });
    const locked = lockTarget !== null;
    savePushLinkItem(storage, { queueId, docId: document.id, locked });
    const body: PushLinkRequestBody = {
      relatedTypeName: target.typeName,
      relatedDataAreaId: target.dataAreaId ?? '',
      relatedRecordId: target.recordId,
      ...(target.tableId === undefined ? {} : { relatedTableId: target.tableId }),
      ...(target.sitId === undefined ? {} : { relatedSitId: target.sitId }),
      rowConflictId: document.rowVersion,
      ...(queueId === null ? {} : { queueId }),
      locked,
    };
    try {
      await api.link.pushLink(document.id, body);
    } catch (error) {
      // Refused: the server kept the lock it would have released with the link; give it back.
      if (lockTarget !== null) await workflowActions.changeLocks('unlock', [lockTarget], { notice: null }).catch(() => undefined);
      throw error;
    } finally {
      dropPushLinkItem(storage, document.id);
    }
  };

  const onClick = (): void => {
    if (!may || single === null || record === null) return;
    loading
      .track(push(single, record))
      .then(async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.document(single.id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.documentView(single.id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
          queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
        ]);
        notify(UI_TEXT.pushLink.pushed(single.name, record.recordId));
      })
      .catch((error: unknown) => alerts.report(error));
  };

  return (
    <Button appearance="subtle" icon={<ArrowExportLtrRegular />} disabledFocusable={!may} title={why} onClick={onClick}>
      {UI_TEXT.pushLink.pushLink}
    </Button>
  );
}
