import type { ReactElement } from 'react';
import { Button, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons/svg/lock-closed';
import { LockOpenRegular } from '@fluentui/react-icons/svg/lock-open';
import type { DmsDocument } from '../../../model';
import { LockPanel } from './LockPanel';
import { UI_TEXT } from '../../../locale/uiText';

/** Props of LockPopover. */
export interface LockPopoverProps {
  document: DmsDocument;
  /** Called after the lock changed; optional because the panel reads the live lock itself. */
  onChanged?: () => void;
}

const ignore = (): void => undefined;

/**
 * The lock panel behind a 'Document lock' button, for places with no room for a side panel (the
 * viewer's header). The surface traps focus and is a dialog, so the viewer's page keys leave it
 * alone; Escape closes it. The icon shows whether the document was locked when it was loaded.
 */
export function LockPopover({ document, onChanged = ignore }: LockPopoverProps): ReactElement {
  return (
    <Popover trapFocus withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={document.lock !== null ? <LockClosedRegular /> : <LockOpenRegular />}
          aria-label={UI_TEXT.workflow.documentLock}
          title={UI_TEXT.workflow.documentLock}
        />
      </PopoverTrigger>
      <PopoverSurface aria-label={UI_TEXT.workflow.documentLock}>
        <LockPanel document={document} onChanged={onChanged} />
      </PopoverSurface>
    </Popover>
  );
}
