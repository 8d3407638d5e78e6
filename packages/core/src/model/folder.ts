import type { DmsDocument } from './document';

/** Constraints a folder carries so an upload into it lands on the right record (spec §3 "Folder"). */
export interface FolderConstraints {
  dataAreaId?: string;
  tableId?: number;
  recordId?: string;
  sourceType?: number;
  typeName?: string;
  sitId?: number;
  subtypeId?: number;
  relatedDataAreaId?: string;
  relatedRecordId?: string;
  relatedSourceType?: number;
  relatedTableId?: number;
  relatedTypeName?: string;
  /** The related record's integrated table (ours: what url-generation takes as its source). */
  relatedSitId?: number;
}

/** A folder entry in the folder structure. */
export interface FolderNode {
  type: 'folder';
  id: string;
  name: string;
  constraints: FolderConstraints;
  children: FolderEntry[];
  allowUpload: boolean;
  defaultExpanded: boolean;
  forceDefaultExpanded: boolean;
  groups: string[];
}

/** A document entry in the folder structure. */
export interface DocumentEntry {
  type: 'document';
  id: number;
  name: string;
  document: DmsDocument;
}

/** The empty entry shown when a folder holds nothing ('No Documents Found'). */
export interface EmptyEntry {
  type: 'empty';
  id: string;
  name: string;
}

/** Any entry of the folder structure (spec §3: document, folder, empty). */
export type FolderEntry = FolderNode | DocumentEntry | EmptyEntry;
