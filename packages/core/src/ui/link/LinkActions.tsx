import { useState, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { LinkAddRegular } from '@fluentui/react-icons/svg/link-add';
import { LinkDismissRegular } from '@fluentui/react-icons/svg/link-dismiss';
import { encodeDocumentId, type DmsDocument } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { useDocumentAccess } from '../export/useDocumentAccess';
import { LaunchCardButton } from '../launch/LaunchCardButton';
import { NewCardAction } from '../newCard/NewCardAction';
import { PushLinkAction } from '../pushLink/PushLinkAction';

/** Props of LinkActions. */
export interface LinkActionsProps {
  /** The selected documents (the viewer's one document, or the folders' selection). */
  documents: readonly DmsDocument[];
  /** Called after a link was broken, so the screen reloads what it shows. */
  onLinkBroken?(): void;
}

/**
 * Link to Existing and Break Link for the selected documents (embedded §5–§6): Link to Existing
 * is on when every selected document's access says `link` and opens /link-to-existing/{docId};
 * with more than one selected it says 'Please select only one unlinked document at a time.', and
 * for a linked one that it is already linked — unless its access says `link` (the caller may
 * replace the link: docs/UX-DECISIONS.md "Re-linking"). Break Link is on for one document whose access
 * says `unlink`, asks first, and sends DELETE /documents/{id}/link with the row version and queue
 * the window saw.
 */
export function LinkActions({ documents, onLinkBroken }: LinkActionsProps): ReactElement {
  const { api, loading, alerts } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const access = useDocumentAccess(documents);
  const mayLink = access !== null && access.length > 0 && access.every((flags) => flags.link);
  const single = documents.length === 1 ? documents[0] : null;
  const mayUnlink = single !== null && single.link !== null && access !== null && access.length === 1 && access[0].unlink;

  const openLinkToExisting = (): void => {
    if (documents.length !== 1 || single === null) return void alerts.push(MESSAGES.linkOneUnlinkedDocument);
    // A linked document is linked on only when its access says so (the caller could break its link).
    if (single.link !== null && !mayLink) return void alerts.push(MESSAGES.linkAlreadyLinked);
    navigate(`/link-to-existing/${encodeDocumentId(single.id)}`);
  };

  const breakLink = (): void => {
    setConfirming(false);
    if (single === null) return;
    loading
      .track(api.link.breakLink(single.id, { rowConflictId: single.rowVersion, expectedQueueId: single.queue?.id }))
      .then(async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.document(single.id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.documentView(single.id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
          queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
        ]);
        notify(UI_TEXT.link.linkBroken(single.name));
        onLinkBroken?.();
      })
      .catch((error: unknown) => alerts.report(error));
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={<LinkAddRegular />}
        disabledFocusable={!mayLink}
        title={access !== null && !mayLink ? UI_TEXT.link.notPermittedLink : undefined}
        onClick={openLinkToExisting}
      >
        {UI_TEXT.link.linkToExisting}
      </Button>
      <Button
        appearance="subtle"
        icon={<LinkDismissRegular />}
        disabledFocusable={!mayUnlink}
        title={access !== null && !mayUnlink ? UI_TEXT.link.notPermittedUnlink : undefined}
        onClick={() => setConfirming(true)}
      >
        {UI_TEXT.link.breakLink}
      </Button>
      <LaunchCardButton documents={documents} />
      <NewCardAction documents={documents} />
      <PushLinkAction documents={documents} />
      <Dialog open={confirming} onOpenChange={(_event, data) => setConfirming(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{UI_TEXT.link.breakLinkTitle}</DialogTitle>
            <DialogContent>
              {single !== null && single.link !== null ? UI_TEXT.link.breakLinkQuestion(single.name, single.link.sourceNumber) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={breakLink}>
                {UI_TEXT.link.breakLink}
              </Button>
              <Button onClick={() => setConfirming(false)}>{UI_TEXT.cancel}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
