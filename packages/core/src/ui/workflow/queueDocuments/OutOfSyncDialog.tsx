import type { ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { MESSAGES } from '../../../rules';

/** Ours: the title of the out-of-sync dialog (the spec words only its message). */
export const OUT_OF_SYNC_TITLE = 'Out of sync';

/**
 * The out-of-sync refusal (embedded §4, §8): the spec's message in a dialog; closing it reloads
 * the window's list (UX.md: lasting state that stays until acted on).
 */
export function OutOfSyncDialog({ open, onClose }: { open: boolean; onClose(): void }): ReactElement {
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{OUT_OF_SYNC_TITLE}</DialogTitle>
          <DialogContent>{MESSAGES.documentMovedQueue}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} autoFocus>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
