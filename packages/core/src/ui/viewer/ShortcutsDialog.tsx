import type { ReactElement } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'start',
  },
  keys: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
});

/** The viewer's keyboard shortcuts (UX.md: Shift+? lists shortcuts). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }): ReactElement {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{UI_TEXT.viewer.keyboardShortcuts}</DialogTitle>
          <DialogContent>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.cell} scope="col">
                    {UI_TEXT.viewer.keys}
                  </th>
                  <th className={styles.cell} scope="col">
                    {UI_TEXT.viewer.action}
                  </th>
                </tr>
              </thead>
              <tbody>
                {UI_TEXT.viewer.shortcuts.map((shortcut) => (
                  <tr key={shortcut.action}>
                    <td className={`${styles.cell} ${styles.keys}`}>{shortcut.keys}</td>
                    <td className={styles.cell}>{shortcut.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {UI_TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
