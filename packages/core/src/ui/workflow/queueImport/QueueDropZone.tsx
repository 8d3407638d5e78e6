import { useRef, useState, type DragEvent, type ReactElement, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { UI_TEXT } from '../../../locale/uiText';
import type { QueueImport } from './useQueueImport';

const useStyles = makeStyles({
  zone: { position: 'relative', display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  overlay: {
    position: 'absolute',
    inset: tokens.spacingHorizontalXS,
    zIndex: 5,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    padding: tokens.spacingHorizontalM,
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    pointerEvents: 'none',
  },
  refused: { border: `2px dashed ${tokens.colorPaletteRedBorder2}`, color: tokens.colorPaletteRedForeground1 },
});

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Props of QueueDropZone. */
export interface QueueDropZoneProps {
  queueName: string;
  queueImport: QueueImport;
  children: ReactNode;
}

/**
 * Wraps a queue's documents so files dropped anywhere on them import into the queue, with an
 * overlay while files are dragged over; over a NoImporting queue the overlay gives the refusal
 * and a drop does nothing (the "Import files" button says the same, for the keyboard).
 */
export function QueueDropZone({ queueName, queueImport, children }: QueueDropZoneProps): ReactElement {
  const styles = useStyles();
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const refused = queueImport.refusal !== null;
  return (
    <div
      className={styles.zone}
      data-testid="queue-drop-zone"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        depth.current++;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = refused ? 'none' : 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        queueImport.importFiles(Array.from(event.dataTransfer.files));
      }}
    >
      {children}
      {dragging ? (
        <div className={refused ? `${styles.overlay} ${styles.refused}` : styles.overlay} aria-hidden>
          {queueImport.refusal ?? UI_TEXT.queueImport.dropToImport(queueName)}
        </div>
      ) : null}
    </div>
  );
}
