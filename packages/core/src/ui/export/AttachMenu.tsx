import { useEffect, useState, type ReactElement } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuButton,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons/svg/attach';
import { LIMITS, type DmsDocument } from '../../model';
import { downloadMenuAvailability } from '../../rules';
import type { AttachProgress } from '../../services';
import { useServices } from '../app/DatahavenServices';
import { useAnnotationChoice } from './useAnnotationChoice';
import { useDocumentAccess } from './useDocumentAccess';
import { WithAnnotationsItem } from './WithAnnotationsItem';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexDirection: 'column' },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  state: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  attached: { color: tokens.colorPaletteGreenForeground1 },
});

/** Props of AttachMenu. */
export interface AttachMenuProps {
  /** The selected documents: each becomes one attachment. */
  documents: readonly DmsDocument[];
}

function stateText(progress: AttachProgress): string {
  switch (progress.state) {
    case 'waiting':
      return UI_TEXT.export.attachWaiting;
    case 'fetching':
      return UI_TEXT.export.attachFetching;
    case 'attaching':
      return UI_TEXT.export.attachAttaching;
    case 'attached':
      return UI_TEXT.export.attachAttached;
    case 'failed':
      return progress.message ?? '';
  }
}

/**
 * Attach (Outlook compose, where the host attaches files): the Download menu's rules — at most
 * 10 documents, all with the export flag — and its "With annotations" choice; then a dialog lists
 * each file with where it stands (fetching, attaching, attached, or why it was not).
 */
export function AttachMenu({ documents }: AttachMenuProps): ReactElement | null {
  const styles = useStyles();
  const { documentExport, alerts } = useServices();
  const access = useDocumentAccess(documents);
  const annotations = useAnnotationChoice();
  const [progress, setProgress] = useState<AttachProgress[] | null>(null);
  const [running, setRunning] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  /** The annotation choice of an attach asked for in the menu, started once the menu has closed. */
  const [requested, setRequested] = useState<{ embed: boolean | undefined } | null>(null);
  const attach = documentExport.attach;
  const ids = documents.map((document) => document.id).join(',');
  // The dialog opens once the menu has closed and handed focus back, and its Close button stays
  // focusable while files are attached, so focus moves into the dialog: with focus left outside
  // it, Fluent's focus manager marked the dialog itself aria-hidden (seen in Chromium).
  useEffect(() => {
    if (requested === null || menuOpen || attach === undefined) return;
    setRequested(null);
    const docIds = ids.split(',').map(Number);
    setProgress(docIds.map((docId) => ({ docId, state: 'waiting' })));
    setRunning(true);
    attach(docIds, requested.embed, (step) => setProgress((rows) => (rows ?? []).map((row) => (row.docId === step.docId ? step : row))))
      .catch((error: unknown) => alerts.report(error))
      .finally(() => setRunning(false));
  }, [requested, menuOpen, attach, ids, alerts]);
  if (attach === undefined) return null;
  const availability = access === null ? null : downloadMenuAvailability(access.map((flags) => ({ access: flags })));
  const allowed = availability !== null && availability.allowed;
  const reason =
    availability === null
      ? documents.length > 0
        ? UI_TEXT.export.checkingDownload
        : undefined
      : availability.allowed
        ? undefined
        : availability.reason === 'tooManyDocuments'
          ? UI_TEXT.export.attachTooMany(LIMITS.downloadMenuMaxDocuments)
          : shownMessage(availability.message);
  const names = new Map(documents.map((document) => [document.id, document.name]));
  const attached = progress?.filter((row) => row.state === 'attached').length ?? 0;
  const failed = progress?.filter((row) => row.state === 'failed').length ?? 0;
  return (
    <>
      <Menu
        {...annotations.menuProps}
        open={menuOpen}
        onOpenChange={(_event, data) => {
          setMenuOpen(data.open);
          if (data.open) annotations.loadDefault();
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <MenuButton appearance="subtle" icon={<AttachRegular />} disabledFocusable={!allowed || running} title={reason}>
            {UI_TEXT.export.attach}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <WithAnnotationsItem />
            <MenuDivider />
            <MenuItem onClick={() => setRequested({ embed: annotations.chosen })}>
              {UI_TEXT.export.attachDocuments(documents.length)}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Dialog open={progress !== null} onOpenChange={(_event, data) => !data.open && !running && setProgress(null)}>
        <DialogSurface aria-label={UI_TEXT.export.attachDialogTitle}>
          <DialogBody>
            <DialogTitle>{UI_TEXT.export.attachDialogTitle}</DialogTitle>
            <DialogContent>
              <ul className={styles.list} aria-label={UI_TEXT.export.attachDialogTitle}>
                {(progress ?? []).map((row) => (
                  <li key={row.docId} className={styles.row} data-state={row.state}>
                    <span className={styles.name}>
                      {row.fileName ?? names.get(row.docId) ?? UI_TEXT.export.attachDocumentLabel(row.docId)}
                    </span>
                    <span
                      className={`${styles.state} ${row.state === 'failed' ? styles.failed : row.state === 'attached' ? styles.attached : ''}`}
                    >
                      {row.state === 'fetching' || row.state === 'attaching' ? <Spinner size="extra-tiny" /> : null}
                      {stateText(row)}
                    </span>
                  </li>
                ))}
              </ul>
              {running ? null : <p role="status">{UI_TEXT.export.attachSummary(attached, failed)}</p>}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabledFocusable={running} onClick={() => setProgress(null)}>
                {UI_TEXT.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
