/** The Export menu of the queue list, the search results and the approval history (issue 40 item 7). */
export const SPREADSHEET_TEXT = {
  /** The menu button. */
  export: 'Export',
  /** The menu's accessible name and tooltip: what it exports. */
  exportTitle: 'Export this list to a spreadsheet',
  /** The menu items. */
  excel: 'Excel (.xlsx)',
  csv: 'CSV',
  /** Shown on the button while the server writes the file. */
  preparing: 'Preparing export…',
  /** Shown on the button once bytes arrive (a large list streams a while). */
  received: (size: string): string => `Preparing export… ${size}`,
  /** Why the menu is off: nothing listed. */
  nothingToExport: 'There is nothing in this list to export.',
  /** The notice once the file is saved. */
  exported: (fileName: string): string => `Exported ${fileName}.`,
  /** The approval history's export button beside the evidence packet. */
  exportHistory: 'Export history',
  /** Its tooltip. */
  exportHistoryTitle: "Export this document's approval and workflow history to a spreadsheet",
  /** The alert when the export failed, before the server's own words. */
  failed: (reason: string): string => `The export failed: ${reason}`,
} as const;
