import { useState, type ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import type { DmsDocument } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { useDocumentAccess } from './useDocumentAccess';
import { UI_TEXT } from '../../locale/uiText';

/** Props of DeleteDocumentsButton. */
export interface DeleteDocumentsButtonProps {
  documents: readonly DmsDocument[];
  /** Called with the ids the server deleted. */
  onDeleted(ids: number[]): void;
}

/**
 * Delete with confirmation: enabled when every selected document grants `delete` (the privilege,
 * and no other user's lock); a dialog names what goes before DELETE /documents?docId[]=… runs.
 */
export function DeleteDocumentsButton({ documents, onDeleted }: DeleteDocumentsButtonProps): ReactElement {
  const { api, loading, alerts } = useServices();
  const [open, setOpen] = useState(false);
  const access = useDocumentAccess(documents);
  const allowed = access !== null && access.length > 0 && access.every((flags) => flags.delete);
  const names = documents.map((document) => document.name);
  const confirm = (): void => {
    setOpen(false);
    loading
      .track(api.documents.deleteDocuments(documents.map((document) => document.id)))
      .then((answer) => onDeleted(answer.deleted))
      .catch((error: unknown) => alerts.report(error));
  };
  return (
    <>
      <Button appearance="subtle" icon={<DeleteRegular />} disabledFocusable={!allowed} onClick={() => setOpen(true)}>
        {UI_TEXT.export.delete}
      </Button>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{UI_TEXT.export.deleteTitle(documents.length)}</DialogTitle>
            <DialogContent>{UI_TEXT.export.willBeDeleted(names)}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={confirm}>
                {UI_TEXT.export.delete}
              </Button>
              <Button onClick={() => setOpen(false)}>{UI_TEXT.cancel}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
