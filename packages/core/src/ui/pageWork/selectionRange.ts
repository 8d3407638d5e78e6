import type { FolderEntry } from '../../model';

/** The documents of a folder structure in display order (depth first), each once. */
export function documentIdsInOrder(entries: readonly FolderEntry[]): number[] {
  const ids: number[] = [];
  const walk = (list: readonly FolderEntry[]): void => {
    for (const entry of list) {
      if (entry.type === 'document' && !ids.includes(entry.id)) ids.push(entry.id);
      else if (entry.type === 'folder') walk(entry.children);
    }
  };
  walk(entries);
  return ids;
}

/**
 * What a Shift-click selects: the documents from the anchor (the last one selected) to the
 * clicked one, both included, in display order. Without an anchor in the list, only the clicked one.
 */
export function rangeSelection(orderedIds: readonly number[], anchorId: number | null, id: number): number[] {
  const to = orderedIds.indexOf(id);
  const from = anchorId === null ? -1 : orderedIds.indexOf(anchorId);
  if (to < 0 || from < 0) return [id];
  const [low, high] = from <= to ? [from, to] : [to, from];
  const range = orderedIds.slice(low, high + 1);
  // The anchor stays first, so the selection order (the merge order) follows the user's gesture.
  return from <= to ? range : range.reverse();
}
