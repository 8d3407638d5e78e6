import { useEffect, useState, type ReactElement } from 'react';
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '../../api';
import type { DmsDocument } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Plain text, not a MessageBar: the dialog is narrow and the message must stay put while it is open.
  error: { color: tokens.colorPaletteRedForeground1 },
  info: { color: tokens.colorNeutralForeground3 },
});

/** Props of RenameDialog. */
export interface RenameDialogProps {
  document: DmsDocument;
  open: boolean;
  onClose(): void;
  onRenamed(document: DmsDocument): void;
}

/**
 * Renames a linked document (PUT /documents/{id} with name) or gives it its automatic name
 * (autoname: record number, subtype and date — core autoDocumentName). An unlinked document
 * cannot be renamed (spec §7); the caller offers this dialog only with the reapplyName flag.
 */
export function RenameDialog({ document, open, onClose, onRenamed }: RenameDialogProps): ReactElement {
  const styles = useStyles();
  const { api } = useServices();
  const [name, setName] = useState(document.name);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(document.name);
    setError(null);
  }, [open, document.name]);

  const run = async (action: () => Promise<DmsDocument>): Promise<void> => {
    setWorking(true);
    setError(null);
    try {
      onRenamed(await action());
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.unhandledError);
    } finally {
      setWorking(false);
    }
  };

  const trimmed = name.trim();
  return (
    <Dialog open={open} onOpenChange={(_, data) => (!data.open && !working ? onClose() : undefined)}>
      <DialogSurface aria-label={UI_TEXT.properties.renameDocument}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed !== '' && trimmed !== document.name) void run(() => api.properties.renameDocument(document.id, trimmed));
          }}
        >
          <DialogBody>
            <DialogTitle>{UI_TEXT.properties.renameDocument}</DialogTitle>
            <DialogContent className={styles.content}>
              {error !== null ? (
                <div role="alert" className={styles.error}>
                  {error}
                </div>
              ) : null}
              <Field label={UI_TEXT.properties.name} required validationMessage={trimmed === '' ? MESSAGES.fieldRequired : undefined}>
                <Input value={name} maxLength={255} disabled={working} onChange={(_, data) => setName(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={working || trimmed === '' || trimmed === document.name}>
                {UI_TEXT.properties.rename}
              </Button>
              <Button disabled={working} onClick={() => void run(() => api.properties.applyAutomaticName(document.id))}>
                {UI_TEXT.properties.applyAutomaticName}
              </Button>
              <Button disabled={working} onClick={onClose}>
                {UI_TEXT.cancel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
