import type { StoragePort } from '../../host';

/** Local-storage key of the new-card-from-document items (embedded §3 "Local-storage items"). */
export const NEW_CARD_ITEMS_KEY = 'newCardFromDocument';

/** One new-card-from-document item, with the spec's fields. */
export interface NewCardItem {
  docId: number;
  docName: string;
  typeId: number;
  subtypeId: number | null;
  /** The cancel flag: set when the user left the new record page; the flow stops before linking. */
  cancelled: boolean;
  /** Where the flow was opened (the route), so another window can tell whose item it is. */
  openerName: string;
  queueId: number | null;
}

function isItem(value: unknown): value is NewCardItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(item.docId) &&
    typeof item.docName === 'string' &&
    Number.isSafeInteger(item.typeId) &&
    typeof item.cancelled === 'boolean'
  );
}

/** Every stored item (a broken entry reads as none). */
export function readNewCardItems(storage: StoragePort): NewCardItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(NEW_CARD_ITEMS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** The item of one document, if any. */
export function readNewCardItem(storage: StoragePort, docId: number): NewCardItem | null {
  return readNewCardItems(storage).find((item) => item.docId === docId) ?? null;
}

function writeAll(storage: StoragePort, items: readonly NewCardItem[]): void {
  if (items.length === 0) storage.removeItem(NEW_CARD_ITEMS_KEY);
  else storage.setItem(NEW_CARD_ITEMS_KEY, JSON.stringify(items));
}

/** Stores a document's item, replacing an older one of the same document. */
export function saveNewCardItem(storage: StoragePort, item: NewCardItem): void {
  writeAll(storage, [...readNewCardItems(storage).filter((other) => other.docId !== item.docId), item]);
}

/** Sets a document's cancel flag (nothing when it has no item). */
export function cancelNewCardItem(storage: StoragePort, docId: number): void {
  writeAll(
    storage,
    readNewCardItems(storage).map((item) => (item.docId === docId ? { ...item, cancelled: true } : item)),
  );
}

/** Forgets a document's item (the flow ended). */
export function removeNewCardItem(storage: StoragePort, docId: number): void {
  writeAll(
    storage,
    readNewCardItems(storage).filter((item) => item.docId !== docId),
  );
}
