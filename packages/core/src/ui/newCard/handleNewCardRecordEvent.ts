import type { RecordEvent } from '../../host';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import type { DatahavenServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { completeNewCardFromRecordEvent } from './completeNewCardFromRecordEvent';
import { announceNewCardCompleted } from './newCardCompletions';
import { readNewCardItems } from './newCardItems';

/** The query key of the tables a new card can be made in (GET /sits/allowsNewCard; shared with NewCardDialog). */
export const NEW_CARD_TABLES_KEY = [...queryKeys.entityTypes, 'newCardTables'] as const;

/**
 * What the app does when the ERP says a record was inserted (embedded §7 `PUT /record/event`): the
 * newest pending, not cancelled new-card item of the record's table is completed (the mutation),
 * the document's queries are invalidated, the ERP page is told as after any link, and the user
 * reads the outcome — in the New Card dialog when it is open in this app, else as an alert.
 */
export async function handleNewCardRecordEvent(
  services: Pick<DatahavenServices, 'api' | 'host' | 'alerts' | 'queryClient' | 'capabilities'>,
  event: RecordEvent,
): Promise<void> {
  const { api, host, alerts, queryClient, capabilities } = services;
  const storage = host.storage.local;
  // Nothing pending: no need to ask for the tables.
  if (event.eventType !== 'insert' || readNewCardItems(storage).every((item) => item.cancelled)) return;
  const tables = await queryClient.fetchQuery({ queryKey: NEW_CARD_TABLES_KEY, queryFn: ({ signal }) => api.newCard.tables(signal) });
  const completion = await completeNewCardFromRecordEvent(api.newCard, storage, tables, event);
  if (completion === null) return;
  const shown = announceNewCardCompleted(host, completion);
  const docId = completion.item.docId;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.document(docId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.documentView(docId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
    queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
  ]);
  if (completion.kind === 'failed') {
    console.warn('New Card From Document: the link to the new record failed.', completion.error);
    if (!shown) alerts.push(MESSAGES.linkToNewRecordFailed);
    return;
  }
  const link = completion.change.link;
  if (!shown)
    alerts.push(
      UI_TEXT.newCard.linkedFromErp(completion.item.docName, completion.table.label, event.number ?? link?.sourceNumber ?? ''),
      'success',
    );
  capabilities
    .notifyDocumentLinked?.({
      docId,
      typeName: link?.sourceEntityTypeName ?? completion.table.entityTypeName,
      dataAreaId: link?.dataAreaId ?? event.dataAreaId,
      recordId: link?.recordId ?? event.recordId,
    })
    .catch((failure: unknown) => console.warn('Could not tell the ERP page about the link.', failure));
}
