import {
  DEFAULT_DOCUMENT_LIST_COLUMNS,
  LIMITS,
  OPTION_DEFAULTS,
  isOptionName,
  type DocumentListField,
  type Option,
  type OptionName,
} from '../model';

/** The 14 options of spec §3, parsed into the types the client uses. */
export interface OptionValues {
  userDate1Label: string;
  userString1Label: string;
  promptForDescriptionOnImport: boolean;
  promptForNoteOnWorkflowAction: boolean;
  workflowDocumentListColumns: DocumentListField[];
  /** Bytes. */
  fileUploadSizeLimit: number;
  defaultUserDateToToday: boolean;
  /** Bytes. */
  maxJpegSizeBytes: number;
  /** Bytes. */
  maxPdfSizeBytes: number;
  scanningWarningSizeThreshold: number;
  scanningErrorSizeThreshold: number;
  fitToWidthByDefault: boolean;
  bypassWorkflowResponse: boolean;
  folderSearchExpansionLevel: number;
}

/** Reads an option's boolean text: 'true' (any case, trimmed) or '1' is true; empty or unreadable text falls back. */
export function parseBooleanOption(text: string | null | undefined, fallback: boolean): boolean {
  const value = (text ?? '').trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  return fallback;
}

/** Reads an option's numeric text; anything that is not a finite, non-negative number falls back. */
export function parseNumberOption(text: string | null | undefined, fallback: number): number {
  const value = (text ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Reads the 'Workflow Document List Columns' JSON; bad JSON falls back to the default columns, bad entries are dropped. */
export function parseColumnsOption(text: string | null | undefined): DocumentListField[] {
  const fallback = (): DocumentListField[] => DEFAULT_DOCUMENT_LIST_COLUMNS.map((column) => ({ ...column }));
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return fallback();
  }
  if (!Array.isArray(value)) return fallback();
  const columns: DocumentListField[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const field = typeof e.field === 'string' ? e.field : typeof e.key === 'string' ? e.key : null;
    if (field === null || field === '') continue;
    const width =
      typeof e.width === 'number' && e.width > 0
        ? e.width
        : parseNumberOption(typeof e.width === 'string' ? e.width : '', LIMITS.defaultColumnWidth);
    columns.push({
      key: typeof e.key === 'string' && e.key !== '' ? e.key : field,
      field,
      title: typeof e.title === 'string' ? e.title : field,
      width: width > 0 ? width : LIMITS.defaultColumnWidth,
      desc: e.desc === true || e.desc === 'true',
    });
  }
  return columns;
}

/** Parses the options list the server answers; missing or unreadable options take their defaults. */
export function parseOptions(options: readonly Option[]): OptionValues {
  const data = new Map<OptionName, string>();
  for (const option of options) if (isOptionName(option.optionName)) data.set(option.optionName, option.optionData);
  const raw = (name: OptionName): string => data.get(name) ?? OPTION_DEFAULTS[name];
  const bool = (name: OptionName): boolean => parseBooleanOption(raw(name), parseBooleanOption(OPTION_DEFAULTS[name], false));
  const num = (name: OptionName): number => parseNumberOption(raw(name), parseNumberOption(OPTION_DEFAULTS[name], 0));
  const label = (name: OptionName): string => {
    const value = raw(name).trim();
    return value === '' ? OPTION_DEFAULTS[name] : value;
  };
  return {
    userDate1Label: label('Document User Date 1 Label'),
    userString1Label: label('Document User String 1 Label'),
    promptForDescriptionOnImport: bool('Prompt For Description on Import in Dynamics'),
    promptForNoteOnWorkflowAction: bool('Prompt for Note on Workflow Action'),
    workflowDocumentListColumns: parseColumnsOption(raw('Workflow Document List Columns')),
    fileUploadSizeLimit: num('File Upload Size Limit'),
    defaultUserDateToToday: bool('Default User Date to Today'),
    maxJpegSizeBytes: num('Maximum JPEG size in bytes'),
    maxPdfSizeBytes: num('Maximum PDF size in bytes'),
    scanningWarningSizeThreshold: num('Scanning Warning Size Threshold'),
    scanningErrorSizeThreshold: num('Scanning Error Size Threshold'),
    fitToWidthByDefault: bool('Fit to Width by Default'),
    bypassWorkflowResponse: bool('Bypass Workflow Response'),
    folderSearchExpansionLevel: num('Folder Search Expansion Level'),
  };
}
