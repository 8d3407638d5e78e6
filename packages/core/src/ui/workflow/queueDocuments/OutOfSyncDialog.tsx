import type { ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { MESSAGES } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';

/**
 * The out-of-sync refusal (embedded §4, §8): the spec's message in a dialog; closing it reloads
 * the window's list (UX.md: lasting state that stays until acted on).
 */
export function OutOfSyncDialog({ open, onClose }: { open: boolean; onClose(): void }): ReactElement {
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{UI_TEXT.workflow.outOfSync}</DialogTitle>
          <DialogContent>{MESSAGES.documentMovedQueue}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} autoFocus>
              {UI_TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
