import { MESSAGES } from '../rules';
import { SHELL_TEXT } from './shellText';
import { EXPORT_TEXT } from './exportText';
import { FOLDERS_TEXT } from './foldersText';
import { LINK_TEXT } from './linkText';
import { MAIL_TEXT } from './mailText';
import { NEW_CARD_TEXT } from './newCardText';
import { PUSH_LINK_TEXT } from './pushLinkText';
import { METADATA_TEXT } from './metadataText';
import { NOTES_TEXT } from './notesText';
import { PAGE_WORK_TEXT } from './pageWorkText';
import { PROPERTIES_TEXT } from './propertiesText';
import { QUICK_LINK_TEXT } from './quickLinkText';
import { QUEUE_IMPORT_TEXT } from './queueImportText';
import { SEARCH_TEXT } from './searchText';
import { WORKFLOW_TEXT } from './workflowText';
import { DECISION_TEXT } from './decisionText';
import { VIEWER_TEXT } from './viewerText';
import { DUPLICATES_TEXT } from './duplicatesText';
import { LIVE_TEXT } from './liveText';
import { SEND_FOR_APPROVAL_TEXT } from './sendForApprovalText';
import { PHONE_TEXT } from './phoneText';
import { SPREADSHEET_TEXT } from './spreadsheetText';
import type { TextsOf } from '../rules';
import { UI_TEXT_DE } from './de/uiText';
import { liveCatalogue } from './liveCatalogue';

/**
 * The core's own user-visible English texts (those not in the spec's message list, which lives
 * in rules/messages.ts and is used word for word): one catalogue, so a translation replaces one
 * object (de/uiText.ts composes the German one the same way). Texts with values are functions of those values; where a count appears the form is
 * picked by the language's plural rules (plural.ts). Each screen's texts live in a file of their
 * own next to this one and are composed here under the screen's name; the texts many screens
 * share (Cancel, Back, Loading…) sit at the top.
 */
export const UI_TEXT_EN = {
  // Shared by many screens
  loading: 'Loading…',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  back: 'Back',
  done: 'Done',
  open: 'Open',
  loadingMore: 'Loading more…',
  loadMore: 'Load more',
  /** How many rows are selected, beside a list's toolbar. */
  selectedCount: (count: number): string => `${count} selected`,
  /** The switch that shows the selected document in a pane under a list. */
  autoview: 'Autoview',
  showViewer: 'Show viewer',
  documentViewer: 'Document viewer',
  taggingMode: 'Tagging mode',
  taggedInto: (documentName: string): string => `Tagged ${documentName} into ${MESSAGES.taggedItems}`,
  removedFromTagged: (documentName: string): string => `Removed ${documentName} from ${MESSAGES.taggedItems}`,

  shell: SHELL_TEXT,
  export: EXPORT_TEXT,
  folders: FOLDERS_TEXT,
  link: LINK_TEXT,
  mail: MAIL_TEXT,
  newCard: NEW_CARD_TEXT,
  pushLink: PUSH_LINK_TEXT,
  metadata: METADATA_TEXT,
  notes: NOTES_TEXT,
  pageWork: PAGE_WORK_TEXT,
  properties: PROPERTIES_TEXT,
  quickLink: QUICK_LINK_TEXT,
  queueImport: QUEUE_IMPORT_TEXT,
  search: SEARCH_TEXT,
  workflow: WORKFLOW_TEXT,
  decision: DECISION_TEXT,
  viewer: VIEWER_TEXT,
  duplicates: DUPLICATES_TEXT,
  live: LIVE_TEXT,
  sendForApproval: SEND_FOR_APPROVAL_TEXT,
  phone: PHONE_TEXT,
  spreadsheet: SPREADSHEET_TEXT,
} as const;

/** The shape every language's UI catalogue has: the English one's, its literals widened to `string`. */
export type UiTexts = TextsOf<typeof UI_TEXT_EN>;

/**
 * The UI's texts in the language shown (SHOWN_LANGUAGE, set from the host's locale): what every
 * screen reads. English is the fallback for a host language no catalogue is written in.
 */
export const UI_TEXT: UiTexts = liveCatalogue<UiTexts>({ en: UI_TEXT_EN, de: UI_TEXT_DE });
