/** Every search tag kind of the spec (embedded-client §3 "Search tag"). */
export const SEARCH_TAG_KINDS = [
  'queue',
  'queueNameContains',
  'document',
  'documentName',
  'documentDescription',
  'approval',
  'inWorkflow',
  'inAllCompanies',
  'inCompany',
  'noteTextContains',
  'fileIdContains',
  'fileIdExact',
  'userString1Contains',
  'customIndex',
  'ai',
] as const;

/** The kind of a search tag, e.g. `documentName`. */
export type SearchTagKind = (typeof SEARCH_TAG_KINDS)[number];

/**
 * A search tag chip (spec §3): `type` is its kind, `key` the value it filters on, `text` what the
 * chip shows and `prefix` the label in front of it. The server reads only `type` and `key`.
 */
export interface SearchTag {
  text: string;
  prefix: string;
  type: SearchTagKind;
  key: string;
}

/** The chip label shown in front of a tag of each kind. */
export const SEARCH_TAG_PREFIXES: Readonly<Record<SearchTagKind, string>> = {
  queue: 'Queue',
  queueNameContains: 'Queue name',
  document: 'Document',
  documentName: 'Name',
  documentDescription: 'Description',
  approval: 'Approval',
  inWorkflow: 'In workflow',
  inAllCompanies: 'All companies',
  inCompany: 'Company',
  noteTextContains: 'Note',
  fileIdContains: 'File id contains',
  fileIdExact: 'File id',
  userString1Contains: 'User string',
  customIndex: 'Custom index',
  ai: 'AI',
};

/** Whether `value` names a search tag kind. */
export function isSearchTagKind(value: string): value is SearchTagKind {
  return (SEARCH_TAG_KINDS as readonly string[]).includes(value);
}
