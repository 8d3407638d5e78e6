import type { DocumentEntry, FolderEntry, FolderNode } from '../../model';

/** Every folder of the structure, depth first, in display order. */
export function allFolders(entries: readonly FolderEntry[]): FolderNode[] {
  const folders: FolderNode[] = [];
  const walk = (list: readonly FolderEntry[]): void => {
    for (const entry of list) {
      if (entry.type !== 'folder') continue;
      folders.push(entry);
      walk(entry.children);
    }
  };
  walk(entries);
  return folders;
}

/** The folder that directly holds a document, if any. */
export function folderOfDocument(entries: readonly FolderEntry[], docId: number): FolderNode | null {
  for (const folder of allFolders(entries)) {
    if (folder.children.some((child) => child.type === 'document' && child.id === docId)) return folder;
  }
  return null;
}

/** A document entry anywhere in the structure. */
export function findDocument(entries: readonly FolderEntry[], docId: number): DocumentEntry | null {
  for (const entry of entries) {
    if (entry.type === 'document' && entry.id === docId) return entry;
    if (entry.type === 'folder') {
      const found = findDocument(entry.children, docId);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Where an upload goes (this rule): the chosen folder when it accepts uploads,
 * otherwise the first folder that does; null when none does.
 */
export function uploadTarget(entries: readonly FolderEntry[], chosenFolderId: string | null): FolderNode | null {
  const folders = allFolders(entries);
  const chosen = chosenFolderId === null ? undefined : folders.find((folder) => folder.id === chosenFolderId);
  if (chosen?.allowUpload) return chosen;
  return folders.find((folder) => folder.allowUpload) ?? null;
}

/** The folders open at first: those the server asks to open, or all of them when it names none. */
export function initiallyOpenFolders(entries: readonly FolderEntry[]): string[] {
  const folders = allFolders(entries);
  const asked = folders.filter((folder) => folder.defaultExpanded || folder.forceDefaultExpanded);
  return (asked.length > 0 ? asked : folders).map((folder) => folder.id);
}
