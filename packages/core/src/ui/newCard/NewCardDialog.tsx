import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '../../api';
import type { LinkableTable, NewCardRecord } from '../../contract';
import type { DmsDocument } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { ApproveAfterLinkDialog, announceLinkEvents, type ApproveAfterLink } from '../link/ApproveAfterLinkDialog';
import { defaultNewCardTable, newCardFactsOf } from './newCardFacts';
import { cancelNewCardItem, readNewCardItem, removeNewCardItem, saveNewCardItem } from './newCardItems';
import { onNewCardCompleted } from './newCardCompletions';
import { NEW_CARD_TABLES_KEY } from './handleNewCardRecordEvent';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Where the flow stands: choosing the record type, on the new record page (initiated), making it, done, or failed to link. */
type Phase = 'choose' | 'starting' | 'record' | 'creating' | 'linking' | 'done' | 'linkFailed';

/** Props of NewCardDialog. */
export interface NewCardDialogProps {
  /** The unlinked document the new record is made from. */
  document: DmsDocument;
  onClose(): void;
}

/** The text of an error for the dialog: the server's words, or the spec's unhandled-error line. */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.unhandledError;
}

/**
 * New Card From Document (embedded §4 "New-record flow", docs/UX-DECISIONS.md "New Card From
 * Document"): the record type, company and document subtype; Next initiates (the local-storage
 * item stored) and shows the new record page with the facts the ERP needs (a purchase invoice's
 * vendor and the vendor's invoice number); Create makes the record in the ERP, then links the
 * document (complete) unless the item's cancel flag is set, then offers to open the record.
 * Leaving the page while the operation is pending cancels it with the spec's message.
 */
export function NewCardDialog({ document, onClose }: NewCardDialogProps): ReactElement {
  const styles = useStyles();
  const { api, host, alerts, loading, capabilities } = useServices();
  const queryClient = useQueryClient();
  const location = useLocation();
  const storage = host.storage.local;
  const [phase, setPhase] = useState<Phase>('choose');
  const [chosenTable, setChosenTable] = useState<number | null>(null);
  const [dataAreaId, setDataAreaId] = useState('');
  const [chosenSubtype, setChosenSubtype] = useState<number | null | undefined>(undefined);
  const [vendorFilter, setVendorFilter] = useState('');
  const [lookupValue, setLookupValue] = useState('');
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [record, setRecord] = useState<NewCardRecord | null>(null);
  /** The queue's OnLink event asks "Approve now?" once the new record is linked (docs/UX-DECISIONS.md "OnLink"). */
  const [approveAfter, setApproveAfter] = useState<ApproveAfterLink | null>(null);
  const notify = useNotify();
  // The record was made on the ERP's own page (an insert event completed the flow): it is open there already.
  const [madeInErp, setMadeInErp] = useState(false);
  // The operation is pending from initiate until the link answers; `startedAt` is the page it started on.
  const pending = useRef(false);
  const abandoned = useRef(false);
  const startedAt = useRef<string | null>(null);

  const tablesQuery = useQuery({ queryKey: NEW_CARD_TABLES_KEY, queryFn: ({ signal }) => api.newCard.tables(signal) });
  const tables = useMemo(() => tablesQuery.data ?? [], [tablesQuery.data]);
  const table: LinkableTable | null = tables.find((candidate) => candidate.id === chosenTable) ?? defaultNewCardTable(tables, document);
  const subtypesQuery = useQuery({
    queryKey: queryKeys.documentTypeSubtypes(table?.id ?? 0, false),
    queryFn: ({ signal }) => api.properties.documentTypeSubtypes(table?.id ?? 0, false, signal),
    enabled: table !== null,
  });
  const subtypes = subtypesQuery.data ?? [];
  const subtypeId = chosenSubtype === undefined ? (subtypes[0]?.id ?? null) : chosenSubtype;
  const facts = table === null ? null : newCardFactsOf(table);
  const lookup = facts?.lookup ?? null;
  const vendorFilters = useMemo(
    () => (vendorFilter.trim() === '' || lookup === null ? {} : { [lookup.labelField]: vendorFilter.trim() }),
    [vendorFilter, lookup],
  );
  const lookupQuery = useQuery({
    queryKey: queryKeys.entities(lookup?.entityType ?? '', {
      skip: 0,
      filters: vendorFilters,
      dataAreaId: dataAreaId.trim() === '' ? null : dataAreaId.trim(),
      docId: document.id,
    }),
    queryFn: ({ signal }) =>
      api.link.getEntities(
        lookup?.entityType ?? '',
        { skip: 0, filters: vendorFilters, dataAreaId: dataAreaId.trim() === '' ? undefined : dataAreaId.trim(), docId: document.id },
        signal,
      ),
    enabled: lookup !== null && (phase === 'record' || phase === 'creating'),
  });

  /** Leaving the new record page while pending: the cancel flag, the spec's message, the dialog closed. */
  const abandon = (): void => {
    if (!pending.current) return;
    pending.current = false;
    abandoned.current = true;
    cancelNewCardItem(storage, document.id);
    alerts.push(MESSAGES.newRecordNavigatedAway, 'warning');
    onClose();
  };
  const abandonRef = useRef(abandon);
  abandonRef.current = abandon;
  // Another route (a link, Back, the ERP frame navigating) while pending is leaving the page.
  useEffect(() => {
    if (startedAt.current !== null && location.key !== startedAt.current) abandonRef.current();
  }, [location.key]);
  // So is the page going away (the screen unmounted under the dialog).
  useEffect(() => () => abandonRef.current(), []);
  // The ERP saved the record on its own page (PUT /record/event): NewCardRecordEvents linked it; show how it went.
  const onRecord = phase === 'record';
  useEffect(() => {
    if (!onRecord) return undefined;
    return onNewCardCompleted(host, (completion) => {
      if (completion.item.docId !== document.id) return false;
      pending.current = false;
      startedAt.current = null;
      if (completion.kind === 'failed') {
        setError(messageOf(completion.error));
        setPhase('linkFailed');
        return true;
      }
      const { event, change } = completion;
      const number = event.number ?? change.link?.sourceNumber ?? '';
      setRecord({
        docId: document.id,
        typeId: completion.table.id,
        tableId: event.tableId ?? completion.table.externalTableId,
        typeName: event.typeName,
        dataAreaId: event.dataAreaId,
        recordId: event.recordId,
        number,
        url: null,
      });
      setMadeInErp(true);
      setPhase('done');
      // As after Create: the queue's OnLink event follows the link.
      setApproveAfter(announceLinkEvents(change, document, number, { notify, warn: (text) => alerts.push(text, 'warning') }));
      return true;
    });
  }, [onRecord, host, document, notify, alerts]);

  const start = (): void => {
    if (table === null) return;
    setError(null);
    saveNewCardItem(storage, {
      docId: document.id,
      docName: document.name,
      typeId: table.id,
      subtypeId,
      cancelled: false,
      openerName: location.pathname,
      queueId: document.queue?.id ?? null,
    });
    setPhase('starting');
    loading
      .track(api.newCard.initiate(document.id, { typeId: table.id, subTypeId: subtypeId, dataAreaId: dataAreaId.trim() }))
      .then((operation) => {
        pending.current = true;
        startedAt.current = location.key;
        setDataAreaId(operation.dataAreaId);
        setPhase('record');
      })
      .catch((failure: unknown) => {
        removeNewCardItem(storage, document.id);
        setError(messageOf(failure));
        setPhase('choose');
      });
  };

  const createAndLink = async (): Promise<void> => {
    if (table === null) return;
    setError(null);
    const values: Record<string, string> = {};
    if (lookup !== null) values[lookup.property] = lookupValue;
    for (const name of facts?.texts ?? []) if ((texts[name] ?? '').trim() !== '') values[name] = (texts[name] ?? '').trim();
    setPhase('creating');
    let made: NewCardRecord;
    try {
      made = await loading.track(api.newCard.create(document.id, values));
    } catch (failure) {
      if (abandoned.current) return;
      setError(messageOf(failure));
      setPhase('record');
      return;
    }
    // The cancel flag (this window left the page, or another window cancelled): no link.
    const item = readNewCardItem(storage, document.id);
    if (abandoned.current || item === null || item.cancelled) {
      if (!abandoned.current) alerts.push(MESSAGES.newRecordNavigatedAway, 'warning');
      pending.current = false;
      removeNewCardItem(storage, document.id);
      if (!abandoned.current) onClose();
      return;
    }
    setRecord(made);
    setPhase('linking');
    try {
      const change = await loading.track(
        api.newCard.complete(document.id, {
          typeId: table.id,
          subTypeId: subtypeId,
          dataAreaId: made.dataAreaId,
          tableId: made.tableId,
          recordId: made.recordId,
        }),
      );
      setPhase('done');
      setApproveAfter(announceLinkEvents(change, document, made.number, { notify, warn: (text) => alerts.push(text, 'warning') }));
    } catch (failure) {
      setError(messageOf(failure));
      setPhase('linkFailed');
    } finally {
      pending.current = false;
      startedAt.current = null;
      removeNewCardItem(storage, document.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.document(document.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documentView(document.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
      ]);
    }
  };

  /** Cancel in the dialog: the user chose it, so no message; a pending operation's item is flagged and dropped. */
  const cancel = (): void => {
    if (pending.current) {
      pending.current = false;
      cancelNewCardItem(storage, document.id);
    }
    startedAt.current = null;
    removeNewCardItem(storage, document.id);
    onClose();
  };

  const busy = phase === 'starting' || phase === 'creating' || phase === 'linking';
  const lookupRecords = lookupQuery.data ?? [];
  const label = table?.label ?? '';

  return (
    <>
      <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : cancel())}>
        <DialogSurface aria-label={UI_TEXT.newCard.title(document.name)}>
          <DialogBody>
            <DialogTitle>{UI_TEXT.newCard.title(document.name)}</DialogTitle>
            <DialogContent className={styles.form}>
              {error !== null && phase !== 'linkFailed' ? (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
              {phase === 'choose' || phase === 'starting' ? (
                tablesQuery.isPending ? (
                  <Spinner size="tiny" label={UI_TEXT.loading} />
                ) : tables.length === 0 ? (
                  <MessageBar intent="info">
                    <MessageBarBody>{UI_TEXT.newCard.noRecordTypes}</MessageBarBody>
                  </MessageBar>
                ) : (
                  <>
                    <Field label={UI_TEXT.newCard.recordType}>
                      <Select
                        value={table === null ? '' : String(table.id)}
                        onChange={(_event, data) => {
                          setChosenTable(Number(data.value));
                          setChosenSubtype(undefined);
                        }}
                      >
                        {tables.map((candidate) => (
                          <option key={candidate.id} value={candidate.id}>
                            {candidate.label}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field label={UI_TEXT.newCard.company} hint={UI_TEXT.newCard.companyHint}>
                      <Input value={dataAreaId} onChange={(_event, data) => setDataAreaId(data.value)} />
                    </Field>
                    <Field label={UI_TEXT.newCard.subtype}>
                      <Select
                        value={subtypeId === null ? '' : String(subtypeId)}
                        onChange={(_event, data) => setChosenSubtype(data.value === '' ? null : Number(data.value))}
                      >
                        <option value="">{UI_TEXT.newCard.noSubtype}</option>
                        {subtypes.map((subtype) => (
                          <option key={subtype.id} value={subtype.id}>
                            {subtype.text}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </>
                )
              ) : null}
              {phase === 'record' || phase === 'creating' ? (
                <>
                  <Subtitle2>{UI_TEXT.newCard.newRecordOf(label)}</Subtitle2>
                  {lookup !== null ? (
                    <>
                      <Field label={UI_TEXT.newCard.findVendor}>
                        <Input value={vendorFilter} onChange={(_event, data) => setVendorFilter(data.value)} />
                      </Field>
                      <Field
                        label={UI_TEXT.newCard.vendor}
                        validationState={!lookupQuery.isPending && lookupRecords.length === 0 ? 'warning' : 'none'}
                        validationMessage={!lookupQuery.isPending && lookupRecords.length === 0 ? UI_TEXT.newCard.noVendors : undefined}
                      >
                        <Select value={lookupValue} onChange={(_event, data) => setLookupValue(data.value)}>
                          <option value="">{UI_TEXT.newCard.chooseVendor}</option>
                          {lookupRecords.map((candidate) => {
                            const value = String(candidate[lookup.valueField] ?? '');
                            return (
                              <option key={value} value={value}>
                                {`${value} – ${String(candidate[lookup.labelField] ?? '')}`}
                              </option>
                            );
                          })}
                        </Select>
                      </Field>
                    </>
                  ) : null}
                  {(facts?.texts ?? []).map((name) => (
                    <Field key={name} label={name === 'vendorInvoiceNumber' ? UI_TEXT.newCard.vendorInvoiceNumber : name}>
                      <Input value={texts[name] ?? ''} onChange={(_event, data) => setTexts({ ...texts, [name]: data.value })} />
                    </Field>
                  ))}
                  {host.onRecordEvent !== undefined ? <Caption1>{UI_TEXT.newCard.madeInErpHint}</Caption1> : null}
                </>
              ) : null}
              {phase === 'creating' || phase === 'linking' ? (
                <Spinner size="tiny" label={phase === 'creating' ? UI_TEXT.newCard.creating : UI_TEXT.newCard.linking} />
              ) : null}
              {phase === 'done' && record !== null ? (
                <>
                  <MessageBar intent="success">
                    <MessageBarBody>{UI_TEXT.newCard.created(label, record.number)}</MessageBarBody>
                  </MessageBar>
                  {record.url === null && !madeInErp ? (
                    <MessageBar intent="warning">
                      <MessageBarBody>{MESSAGES.noUrlForNewRecord}</MessageBarBody>
                    </MessageBar>
                  ) : null}
                </>
              ) : null}
              {phase === 'linkFailed' ? (
                <MessageBar intent="error">
                  <MessageBarBody>
                    {MESSAGES.linkToNewRecordFailed}
                    {error !== null ? <div>{UI_TEXT.newCard.reason(error)}</div> : null}
                  </MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              {phase === 'choose' || phase === 'starting' ? (
                <Button appearance="primary" disabled={busy || table === null} onClick={start}>
                  {phase === 'starting' ? UI_TEXT.newCard.starting : UI_TEXT.newCard.next}
                </Button>
              ) : null}
              {phase === 'record' || phase === 'creating' ? (
                <Button
                  appearance="primary"
                  disabled={busy || (lookup !== null && lookupValue === '')}
                  onClick={() => void createAndLink()}
                >
                  {UI_TEXT.newCard.create}
                </Button>
              ) : null}
              {phase === 'done' && record !== null && record.url !== null ? (
                <Button appearance="primary" onClick={() => capabilities.openUrl(record.url ?? '')}>
                  {UI_TEXT.newCard.openRecord(record.number)}
                </Button>
              ) : null}
              {phase === 'done' || phase === 'linkFailed' ? (
                <Button onClick={onClose}>{UI_TEXT.close}</Button>
              ) : (
                <Button disabled={phase === 'linking'} onClick={cancel}>
                  {UI_TEXT.cancel}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ApproveAfterLinkDialog pending={approveAfter} onDone={() => setApproveAfter(null)} />
    </>
  );
}
