import type { SearchTagKind } from '../model';
import { MESSAGES } from '../rules';
import { pluralFor } from './plural';

const plural = pluralFor('en');

/** The search pane (/search and the /portal/search popup): the search box, results, saved and pinned searches. */
export const SEARCH_TEXT = {
  search: 'Search',
  searchActions: 'Search actions',
  searchResults: 'Search results',
  documentsFound: (total: number): string => `${total} ${plural(total, { one: 'document found', other: 'documents found' })}`,
  searching: 'Searching…',
  /** The small spinner's name beside the count while a search runs. */
  searchingProgress: 'Searching',
  typeToSearch: 'Type to search',
  /** The empty result list, naming what was searched (the words and chips): 'No documents match "V40000"'. */
  noMatch: (searched: string): string => `No documents match "${searched}"`,
  /** The line above the results while tagging mode is on. */
  taggingNote: `Tagging mode is on: click a result to add it to ${MESSAGES.taggedItems} or take it out.`,
  /** What stands in for the inline viewer while tagging mode is on (spec §4: single-document actions are off). */
  taggingHidesViewer: 'The inline viewer is hidden while tagging mode is on.',

  // The search box
  searchDocuments: 'Search documents',
  searchTags: 'Search tags',
  suggestions: 'Search suggestions',
  /** A chip's label: its kind's prefix and its text ('Name: CS-88120.pdf'). */
  tagLabel: (prefix: string, text: string): string => `${prefix}: ${text}`,
  /** The label in front of a chip of each kind (the spec's `prefix`, here in the catalogue's language). */
  tagPrefixes: {
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
  } satisfies Record<SearchTagKind, string>,

  // The results table
  columns: { name: 'Name', created: 'Created', size: 'Size' },
  selectAllRows: 'Select all rows',
  selectRow: 'Select row',
  tag: (documentName: string): string => `Tag ${documentName}`,
  openNamed: (documentName: string): string => `Open ${documentName}`,
  tagged: 'Tagged',
  /** The queue part of a result's record line: "Vendor V10000 · Invoice · Queue: AP Approval". */
  inQueue: (queueName: string): string => `Queue: ${queueName}`,

  // Saved and pinned searches
  saveSearch: 'Save search',
  savedSearchName: 'Name of the saved search',
  savedSearch: (name: string): string => `Saved search ${name}`,
  savedSearches: 'Saved searches',
  /** The name a search saved without one gets. */
  savedSearchDefaultName: 'Saved search',
  noSavedSearches: 'No saved searches yet.',
  pinnedSearches: 'Pinned searches',
  noPinnedSearches: 'No pinned searches yet. Searches you pin appear here.',
  documentCount: (count: number): string => `${count} ${plural(count, { one: 'document', other: 'documents' })}`,
  run: (name: string): string => `Run ${name}`,
  savedAt: (when: string): string => `Saved ${when}`,
  pin: (name: string): string => `Pin ${name}`,
  unpin: (name: string): string => `Unpin ${name}`,
  pinTitle: `Pin to ${MESSAGES.pinnedSearches}`,
  unpinTitle: `Unpin from ${MESSAGES.pinnedSearches}`,
  rename: 'Rename',
  renameNamed: (name: string): string => `Rename ${name}`,
  newNameFor: (name: string): string => `New name for ${name}`,
  deleteNamed: (name: string): string => `Delete ${name}`,
} as const;
