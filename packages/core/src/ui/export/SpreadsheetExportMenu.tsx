import { useState, type ReactElement } from 'react';
import { Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner } from '@fluentui/react-components';
import { TableArrowUpRegular } from '@fluentui/react-icons/svg/table-arrow-up';
import type { SavedFile } from '../../api/exportApi';
import type { SpreadsheetFormat, SpreadsheetRequest } from '../../api/spreadsheetApi';
import { useServices } from '../app/DatahavenServices';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';

/** Props of SpreadsheetExportMenu. */
export interface SpreadsheetExportMenuProps {
  /** The list's own export call (queue, search or history) with the request the menu builds. */
  exporter(request: SpreadsheetRequest): Promise<SavedFile>;
  /** The column keys the list shows, in its order. */
  columns: readonly string[];
  /** Nothing listed: the menu is off with UI_TEXT.spreadsheet.nothingToExport as its reason. */
  empty?: boolean;
  /** Toolbar look (subtle) or a plain button. */
  appearance?: 'subtle' | 'secondary';
  /** The button's words, when not "Export" (the history's "Export history"). */
  label?: string;
}

/** The time zone the browser shows times in, so the file's times are the ones the user saw. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * "Export" → Excel (.xlsx) / CSV (issue 40 item 7): the whole list as the server streams it, with
 * the columns the user sees, in the user's number and date formats, saved through the host's
 * saveFile. While the file comes the button says "Preparing export…" with the bytes received and
 * a spinner (aria-busy) and is not pressed again; a refusal or failure is shown in the alert area
 * in the server's words.
 */
export function SpreadsheetExportMenu({
  exporter,
  columns,
  empty = false,
  appearance = 'subtle',
  label,
}: SpreadsheetExportMenuProps): ReactElement {
  const { capabilities, alerts, notices } = useServices();
  const formats = useLocaleFormats();
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const run = (format: SpreadsheetFormat): void => {
    if (busy || empty) return;
    setBusy(true);
    setReceived(0);
    exporter({ format, columns, locale: formats.region, timeZone: browserTimeZone(), onProgress: setReceived })
      .then(async (file) => {
        await capabilities.saveFile(file);
        notices.notify(UI_TEXT.spreadsheet.exported(file.fileName));
      })
      .catch((error: unknown) => alerts.report(error))
      .finally(() => setBusy(false));
  };
  const text = busy
    ? received > 0
      ? UI_TEXT.spreadsheet.received(formats.formatFileSize(received))
      : UI_TEXT.spreadsheet.preparing
    : (label ?? UI_TEXT.spreadsheet.export);
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance={appearance}
          icon={busy ? <Spinner size="extra-tiny" /> : <TableArrowUpRegular />}
          disabledFocusable={busy || empty}
          aria-busy={busy}
          title={empty ? UI_TEXT.spreadsheet.nothingToExport : UI_TEXT.spreadsheet.exportTitle}
        >
          {text}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => run('xlsx')}>{UI_TEXT.spreadsheet.excel}</MenuItem>
          <MenuItem onClick={() => run('csv')}>{UI_TEXT.spreadsheet.csv}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
