import { MESSAGES } from '@datahaven/core/rules';
import type { DmsDocument, FolderConstraints, FolderEntry, FolderNode } from '@datahaven/core/model';
import type { RecordContext } from '../db/recordContext';
import type { DisplayFolderRow } from '../db/schema';

/** Inputs of the folder tree: the folders of one integrated table and the visible documents of the record. */
export interface FolderTreeInput {
  context: RecordContext;
  folders: DisplayFolderRow[];
  documents: DmsDocument[];
  /** Folders down to this depth (1 = top level) start expanded ('Folder Search Expansion Level'). */
  expansionLevel: number;
  /** Expand the folders on the way to this document. */
  expandToDocId?: number;
  /** Whether the caller may upload to this record at all (privilege and table access). */
  callerMayUpload: boolean;
}

/**
 * The constraints every folder of a record's tree carries (its table, company and record); the
 * related records' folders add theirs on top, so both are built from this one place.
 */
export function recordConstraints(context: RecordContext): FolderConstraints {
  return {
    dataAreaId: context.dataAreaId,
    tableId: context.sit.external_table_id,
    ...(context.recordId !== null ? { recordId: context.recordId } : {}),
    sitId: context.sit.id,
    sourceType: context.sit.source_type_id,
    typeName: context.sit.entity_type_name,
  };
}

/**
 * Builds the FolderEntry tree: each folder lists its sub-folders, then the documents whose subtype
 * it maps (a folder without a subtype collects documents no other folder maps); an empty folder
 * gets one 'No Documents Found' entry.
 */
export function presentFolderTree(input: FolderTreeInput): FolderEntry[] {
  const { context, folders } = input;
  const mappedSubtypes = new Set(folders.filter((f) => f.subtype_id !== null && f.can_have_documents === 1).map((f) => f.subtype_id));
  const catchAll = folders.find((f) => f.subtype_id === null && f.can_have_documents === 1);
  const children = new Map<number | null, DisplayFolderRow[]>();
  for (const folder of folders) {
    const list = children.get(folder.parent_id) ?? [];
    list.push(folder);
    children.set(folder.parent_id, list);
  }
  const documentsOf = (folder: DisplayFolderRow): DmsDocument[] => {
    if (folder.can_have_documents !== 1) return [];
    if (folder.subtype_id !== null) return input.documents.filter((d) => d.subtype?.id === folder.subtype_id);
    if (folder !== catchAll) return [];
    return input.documents.filter((d) => d.subtype === null || !mappedSubtypes.has(d.subtype.id));
  };
  const baseConstraints = recordConstraints(context);

  const build = (folder: DisplayFolderRow, depth: number): { node: FolderNode; containsTarget: boolean } => {
    const subFolders = (children.get(folder.id) ?? []).map((f) => build(f, depth + 1));
    const docs = documentsOf(folder);
    const containsTarget =
      subFolders.some((s) => s.containsTarget) || (input.expandToDocId !== undefined && docs.some((d) => d.id === input.expandToDocId));
    const entries: FolderEntry[] = [
      ...subFolders.map((s) => s.node),
      ...docs.map((document): FolderEntry => ({ type: 'document', id: document.id, name: document.name, document })),
    ];
    if (entries.length === 0) entries.push({ type: 'empty', id: `empty-${folder.id}`, name: MESSAGES.noDocumentsFound });
    const node: FolderNode = {
      type: 'folder',
      id: String(folder.id),
      name: folder.text,
      constraints: { ...baseConstraints, ...(folder.subtype_id !== null ? { subtypeId: folder.subtype_id } : {}) },
      children: entries,
      allowUpload: input.callerMayUpload && folder.allow_upload === 1 && folder.can_have_documents === 1 && context.recordId !== null,
      defaultExpanded: depth <= input.expansionLevel || containsTarget,
      forceDefaultExpanded: folder.expansion === 'ForceDefault',
      groups: [],
    };
    return { node, containsTarget };
  };
  return (children.get(null) ?? []).map((f) => build(f, 1).node);
}
