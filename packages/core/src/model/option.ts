/** Every option name of the spec (§3 "Option"), verbatim. */
export const OPTION_NAMES = [
  'Document User Date 1 Label',
  'Document User String 1 Label',
  'Prompt For Description on Import in Dynamics',
  'Prompt for Note on Workflow Action',
  'Workflow Document List Columns',
  'File Upload Size Limit',
  'Default User Date to Today',
  'Maximum JPEG size in bytes',
  'Maximum PDF size in bytes',
  'Scanning Warning Size Threshold',
  'Scanning Error Size Threshold',
  'Fit to Width by Default',
  'Bypass Workflow Response',
  'Folder Search Expansion Level',
] as const;

/** One of the spec's option names. */
export type OptionName = (typeof OPTION_NAMES)[number];

/** A configuration option as the web services return it. optionData is always text. */
export interface Option {
  optionName: OptionName;
  optionData: string;
}
