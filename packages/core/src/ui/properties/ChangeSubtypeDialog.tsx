import { useEffect, useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Radio,
  RadioGroup,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '../../api';
import type { DmsDocument, Subtype } from '../../model';
import { userDateToStored, type OptionValues } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { UserDateField } from './UserDateField';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Plain text, not a MessageBar: the dialog is narrow and the message must stay put while it is open.
  error: { color: tokens.colorPaletteRedForeground1 },
  info: { color: tokens.colorNeutralForeground3 },
});

/** Props of ChangeSubtypeDialog. */
export interface ChangeSubtypeDialogProps {
  document: DmsDocument;
  options: OptionValues;
  open: boolean;
  onClose(): void;
  /** The document as re-read after the change. */
  onChanged(document: DmsDocument): void;
}

type Phase = { step: 'editing'; error: string | null } | { step: 'working' };

/**
 * The change-subtype dialog (spec §2, §7): the subtypes of the linked record's table that the
 * caller may choose (GET /documents/type/{sitId}/subtypes?modify=true), with the document's
 * extra data (user string and user date) beside them. Confirming runs the spec's sequence: PUT
 * /documents/{id}/subtype, then the extra-data update (PUT /documents/{id}, only what changed),
 * then a re-read. The dialog stays open with the server's message when a step fails.
 */
export function ChangeSubtypeDialog({ document, options, open, onClose, onChanged }: ChangeSubtypeDialogProps): ReactElement {
  const styles = useStyles();
  const { api } = useServices();
  const [choice, setChoice] = useState<string>('');
  const [userString, setUserString] = useState(document.userString);
  const formats = useLocaleFormats();
  const [dateText, setDateText] = useState(formats.userDateFieldText(document.userDate));
  const [phase, setPhase] = useState<Phase>({ step: 'editing', error: null });
  const sitId = document.link?.sitId ?? null;

  // The choosable subtypes as a query (cached per table); the dialog shows a failure itself.
  const subtypesQuery = useQuery({
    queryKey: queryKeys.documentTypeSubtypes(sitId ?? 0, true),
    queryFn: ({ signal }) => api.properties.documentTypeSubtypes(sitId ?? 0, true, signal),
    enabled: open && sitId !== null,
    meta: { quiet: true },
  });
  const subtypes: Subtype[] = sitId === null ? [] : (subtypesQuery.data ?? []);
  const loadingSubtypes = open && sitId !== null && subtypesQuery.data === undefined && subtypesQuery.isFetching;
  const loadError = sitId !== null && !loadingSubtypes && subtypesQuery.error ? messageOf(subtypesQuery.error) : null;

  // Each opening starts from the document's values.
  useEffect(() => {
    if (!open) return;
    setChoice(document.subtype ? String(document.subtype.id) : '');
    setUserString(document.userString);
    setDateText(formats.userDateFieldText(document.userDate));
    setPhase({ step: 'editing', error: null });
  }, [open, document, formats]);

  const chosen = subtypes.find((subtype) => String(subtype.id) === choice) ?? null;
  const working = phase.step === 'working';

  const confirm = async (): Promise<void> => {
    if (chosen === null) return;
    setPhase({ step: 'working' });
    try {
      if (chosen.id !== document.subtype?.id) await api.properties.changeSubtype(document.id, chosen.id, document.rowVersion);
      const parsed = formats.parseDateInput(dateText);
      const userDate = parsed.kind === 'date' ? userDateToStored(parsed.date) : null;
      const extra: { userString?: string; userDate?: string | null } = {};
      if (userString !== document.userString) extra.userString = userString;
      if (userDate !== (document.userDate ?? null)) extra.userDate = userDate;
      if (Object.keys(extra).length > 0) await api.documents.updateDocument(document.id, extra);
      onChanged(await api.documents.getDocument(document.id));
      onClose();
    } catch (error) {
      setPhase({ step: 'editing', error: messageOf(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => (!data.open && !working ? onClose() : undefined)}>
      <DialogSurface aria-label={UI_TEXT.properties.changeSubtype}>
        <DialogBody>
          <DialogTitle>{UI_TEXT.properties.changeSubtype}</DialogTitle>
          <DialogContent className={styles.content}>
            {loadingSubtypes ? <Spinner size="small" label={UI_TEXT.properties.loadingSubtypes} /> : null}
            {sitId === null ? <div className={styles.info}>{UI_TEXT.properties.onlyLinkedHasSubtypes}</div> : null}
            {phase.step === 'editing' && (phase.error ?? loadError) !== null ? (
              <div role="alert" className={styles.error}>
                {phase.error ?? loadError}
              </div>
            ) : null}
            {subtypes.length > 0 ? (
              <Field label={UI_TEXT.properties.subtype} required>
                <RadioGroup value={choice} onChange={(_, data) => setChoice(data.value)} disabled={working}>
                  {subtypes.map((subtype) => (
                    <Radio key={subtype.id} value={String(subtype.id)} label={subtype.text} />
                  ))}
                </RadioGroup>
              </Field>
            ) : null}
            <Field label={options.userString1Label}>
              <Input value={userString} maxLength={250} disabled={working} onChange={(_, data) => setUserString(data.value)} />
            </Field>
            <UserDateField label={options.userDate1Label} text={dateText} onTextChange={setDateText} disabled={working} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={working || chosen === null} onClick={() => void confirm()}>
              {chosen === null ? UI_TEXT.properties.changeSubtype : UI_TEXT.properties.changeTo(chosen.text)}
            </Button>
            <Button disabled={working} onClick={onClose}>
              {UI_TEXT.cancel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The server's message of a failed step, or the spec's unhandled-error text. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.unhandledError;
}
