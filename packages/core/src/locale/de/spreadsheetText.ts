import type { TextsOf } from '../../rules';
import type { SPREADSHEET_TEXT } from '../spreadsheetText';

/** German texts of the Export menu (issue 40 item 7). */
export const SPREADSHEET_TEXT_DE: TextsOf<typeof SPREADSHEET_TEXT> = {
  export: 'Exportieren',
  exportTitle: 'Diese Liste in eine Tabelle exportieren',
  excel: 'Excel (.xlsx)',
  csv: 'CSV',
  preparing: 'Export wird vorbereitet…',
  received: (size) => `Export wird vorbereitet… ${size}`,
  nothingToExport: 'Diese Liste enthält nichts zum Exportieren.',
  exported: (fileName) => `${fileName} exportiert.`,
  exportHistory: 'Verlauf exportieren',
  exportHistoryTitle: 'Den Genehmigungs- und Workflow-Verlauf dieses Dokuments in eine Tabelle exportieren',
  failed: (reason) => `Der Export ist fehlgeschlagen: ${reason}`,
};
