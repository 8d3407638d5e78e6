import type { StoragePort } from '../../host';

/** Local-storage key of the push-link items (embedded §3 "Local-storage items"). */
export const PUSH_LINK_ITEMS_KEY = 'pushLink';

/** One push-link item, with the spec's fields: the document staged, its queue then, and whether the push took its lock. */
export interface PushLinkItem {
  queueId: number | null;
  docId: number;
  locked: boolean;
}

function isItem(value: unknown): value is PushLinkItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(item.docId) && typeof item.locked === 'boolean' && (item.queueId === null || Number.isSafeInteger(item.queueId))
  );
}

/** Every stored item (a broken entry reads as none). */
export function readPushLinkItems(storage: StoragePort): PushLinkItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PUSH_LINK_ITEMS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

function writeAll(storage: StoragePort, items: readonly PushLinkItem[]): void {
  if (items.length === 0) storage.removeItem(PUSH_LINK_ITEMS_KEY);
  else storage.setItem(PUSH_LINK_ITEMS_KEY, JSON.stringify(items));
}

/** Stores a document's item, replacing an older one of the same document. */
export function savePushLinkItem(storage: StoragePort, item: PushLinkItem): void {
  writeAll(storage, [...readPushLinkItems(storage).filter((other) => other.docId !== item.docId), item]);
}

/** Drops a document's item (after the push answered, either way). */
export function dropPushLinkItem(storage: StoragePort, docId: number): void {
  writeAll(
    storage,
    readPushLinkItems(storage).filter((item) => item.docId !== docId),
  );
}
