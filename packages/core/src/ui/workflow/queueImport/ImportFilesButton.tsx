import { useRef, type ReactElement } from 'react';
import { ToolbarButton, Tooltip } from '@fluentui/react-components';
import { ArrowImportRegular } from '@fluentui/react-icons/svg/arrow-import';
import { UI_TEXT } from '../../../locale/uiText';
import type { QueueImport } from './useQueueImport';

const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Props of ImportFilesButton. */
export interface ImportFilesButtonProps {
  queueName: string;
  queueImport: QueueImport;
}

/**
 * The toolbar's "Import files" (keyboard: Tab, Enter opens the file picker): the picked files
 * import into the queue. Over a queue the caller may not import into (NoImporting, a final queue,
 * no Paste flag) it stays focusable, disabled, and its tooltip gives the refusal in the server's words.
 */
export function ImportFilesButton({ queueName, queueImport }: ImportFilesButtonProps): ReactElement {
  const input = useRef<HTMLInputElement>(null);
  const allowed = queueImport.refusal === null;
  return (
    <>
      <Tooltip content={queueImport.refusal ?? UI_TEXT.queueImport.importInto(queueName)} relationship="description" withArrow>
        <ToolbarButton icon={<ArrowImportRegular />} disabledFocusable={!allowed} onClick={() => allowed && input.current?.click()}>
          {UI_TEXT.queueImport.importFiles}
        </ToolbarButton>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        aria-label={UI_TEXT.queueImport.chooseFiles}
        style={HIDDEN}
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          queueImport.importFiles(files);
        }}
      />
    </>
  );
}
