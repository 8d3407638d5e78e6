import type { NewCardApi } from '../../api';
import type { LinkChange, LinkableTable } from '../../contract';
import type { RecordEvent, StoragePort } from '../../host';
import { readNewCardItems, removeNewCardItem, type NewCardItem } from './newCardItems';

/** What an insert event did to a pending New Card: the document linked to the new record, or the link refused. */
export type NewCardCompletion =
  | { kind: 'linked'; item: NewCardItem; table: LinkableTable; event: RecordEvent; change: LinkChange }
  | { kind: 'failed'; item: NewCardItem; table: LinkableTable; event: RecordEvent; error: unknown };

/** Whether the inserted record is of a table: the same entity type (case aside), and the same table number when both have one. */
export function recordEventMatchesTable(event: RecordEvent, table: LinkableTable): boolean {
  if (event.tableId !== undefined && event.tableId !== table.externalTableId) return false;
  return event.typeName.toLowerCase() === table.entityTypeName.toLowerCase();
}

/**
 * The pending New Card an insert completes: the newest item not cancelled whose table the record
 * is of (a cancelled item — the user left the new record page — is never completed: embedded §4).
 */
export function pendingNewCardFor(
  items: readonly NewCardItem[],
  tables: readonly LinkableTable[],
  event: RecordEvent,
): { item: NewCardItem; table: LinkableTable } | null {
  for (const item of [...items].reverse()) {
    if (item.cancelled) continue;
    const table = tables.find((candidate) => candidate.id === item.typeId);
    if (table !== undefined && recordEventMatchesTable(event, table)) return { item, table };
  }
  return null;
}

/**
 * Completes the pending New Card an ERP insert event is for (embedded §7 `PUT /record/event`):
 * `complete` links the document to the record the ERP made (the server releases the caller's
 * lock, found through the operation's queue) and the local-storage item goes, linked or not —
 * the flow ended. Null when no pending item is for this record's table.
 */
export async function completeNewCardFromRecordEvent(
  newCard: Pick<NewCardApi, 'complete'>,
  storage: StoragePort,
  tables: readonly LinkableTable[],
  event: RecordEvent,
): Promise<NewCardCompletion | null> {
  if (event.eventType !== 'insert') return null;
  const pending = pendingNewCardFor(readNewCardItems(storage), tables, event);
  if (pending === null) return null;
  const { item, table } = pending;
  // Taken at once, so a second event for the same save (another frame of the page) finds nothing.
  removeNewCardItem(storage, item.docId);
  try {
    const change = await newCard.complete(item.docId, {
      typeId: item.typeId,
      subTypeId: item.subtypeId,
      dataAreaId: event.dataAreaId,
      tableId: event.tableId ?? table.externalTableId,
      recordId: event.recordId,
    });
    return { kind: 'linked', item, table, event, change };
  } catch (error) {
    return { kind: 'failed', item, table, event, error };
  }
}
