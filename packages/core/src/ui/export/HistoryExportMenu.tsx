import type { ReactElement } from 'react';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';
import { SpreadsheetExportMenu } from './SpreadsheetExportMenu';

/** Props of HistoryExportMenu. */
export interface HistoryExportMenuProps {
  /** The document shown; null while it loads (the menu is off). */
  documentId: number | null;
}

/**
 * "Export history" → Excel / CSV: the shown document's approval and workflow history (GET
 * /documents/{id}/history/export) beside its evidence packet. No columns are named, so the server
 * writes every column the caller may read (the notes only for readers of notes).
 */
export function HistoryExportMenu({ documentId }: HistoryExportMenuProps): ReactElement {
  const { api } = useServices();
  return (
    <SpreadsheetExportMenu
      label={UI_TEXT.spreadsheet.exportHistory}
      columns={[]}
      empty={documentId === null}
      exporter={(request) =>
        documentId === null ? Promise.reject(new Error(UI_TEXT.spreadsheet.nothingToExport)) : api.spreadsheets.history(documentId, request)
      }
    />
  );
}
