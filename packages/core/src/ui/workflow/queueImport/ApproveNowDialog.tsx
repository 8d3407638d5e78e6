import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { ApiError } from '../../../api';
import { MESSAGES } from '../../../locale/messages';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';

/** Props of ApproveNowDialog. */
export interface ApproveNowDialogProps {
  /** Whether the question is asked. */
  open: boolean;
  /** The question's words (which document, which queue). */
  body: ReactNode;
  /** Approves, and does what follows a success; a failure is shown in the server's words. */
  approve(): Promise<void>;
  /** Answered either way: approved, failed, or Not now. */
  onDone(): void;
}

/**
 * The "Approve now?" question the workflow asks after a link (PromptToApproveOnLink) or an upload
 * linked on arrival (PromptToApproveOnAutoLink): Approve now runs `approve` (buttons held while it
 * runs; a refusal in the server's words, the document stays where it is), Not now leaves it waiting.
 */
export function ApproveNowDialog({ open, body, approve, onDone }: ApproveNowDialogProps): ReactElement {
  const { alerts } = useServices();
  const [busy, setBusy] = useState(false);

  const approveNow = async (): Promise<void> => {
    setBusy(true);
    try {
      await approve();
    } catch (failure) {
      alerts.push(failure instanceof ApiError ? failure.message : MESSAGES.unhandledError, 'error');
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => (data.open || busy ? undefined : onDone())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{UI_TEXT.queueImport.approveNowTitle}</DialogTitle>
          <DialogContent>{body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void approveNow()}>
              {UI_TEXT.queueImport.approveNow}
            </Button>
            <Button disabled={busy} onClick={onDone}>
              {UI_TEXT.queueImport.notNow}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
