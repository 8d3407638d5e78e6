import { useEffect, useState, type ReactElement } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DmsDocument } from '../../model';
import { todayUserDate, userDateToStored, type OptionValues } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import type { LocaleFormats } from '../locale/localeFormats';
import { UI_TEXT } from '../../locale/uiText';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UserDateField } from './UserDateField';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** The initial text of the user date, in the locale's form: the stored day, or today when blank and 'Default User Date to Today' is on. */
export function initialUserDateText(
  document: Pick<DmsDocument, 'userDate'>,
  options: Pick<OptionValues, 'defaultUserDateToToday'>,
  now: Date,
  formats: Pick<LocaleFormats, 'userDateFieldText' | 'formatDateInput'>,
): string {
  const stored = formats.userDateFieldText(document.userDate);
  if (stored !== '' || !options.defaultUserDateToToday) return stored;
  return formats.formatDateInput(todayUserDate(now));
}

/** Props of UserFieldsSection. */
export interface UserFieldsSectionProps {
  document: DmsDocument;
  options: OptionValues;
  onChanged(document: DmsDocument): void;
  /** The clock (tests); the real one by default. */
  now?: () => Date;
}

/**
 * The properties panel's "user-defined info": user string 1 and user date 1 under the labels of
 * the options, saved with PUT /documents/{id}. A date text that is no valid date is saved as
 * blank (as its message says) and then asks to be re-entered; with 'Default User Date to Today'
 * a blank date starts as today, saved only when the user saves.
 */
export function UserFieldsSection({ document, options, onChanged, now = () => new Date() }: UserFieldsSectionProps): ReactElement {
  const styles = useStyles();
  const { api, alerts } = useServices();
  const formats = useLocaleFormats();
  const [userString, setUserString] = useState(document.userString);
  const [dateText, setDateText] = useState(() => initialUserDateText(document, options, now(), formats));
  const [savedAsBlank, setSavedAsBlank] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setUserString(document.userString);
    setDateText(initialUserDateText(document, options, now(), formats));
    // Only a different document (or a re-read, or another locale) resets the fields; `now` is a clock, not state.
  }, [document.id, document.rowVersion, options, formats]);

  const storedText = formats.userDateFieldText(document.userDate);
  const defaulted =
    storedText === '' && dateText !== '' && options.defaultUserDateToToday && dateText === formats.formatDateInput(todayUserDate(now()));
  const dirty = userString !== document.userString || dateText !== storedText;

  const save = async (): Promise<void> => {
    const parsed = formats.parseDateInput(dateText);
    const userDate = parsed.kind === 'date' ? userDateToStored(parsed.date) : null;
    const changes: { userString?: string; userDate?: string | null } = {};
    if (userString !== document.userString) changes.userString = userString;
    if (userDate !== (document.userDate ?? null)) changes.userDate = userDate;
    setSaving(true);
    try {
      const updated = Object.keys(changes).length === 0 ? document : await api.documents.updateDocument(document.id, changes);
      const invalid = parsed.kind === 'invalid';
      setSavedAsBlank(invalid);
      if (invalid) setDateText('');
      onChanged(updated);
    } catch (error) {
      alerts.report(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={styles.form}
      aria-label={UI_TEXT.properties.sections.userDefined}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label={options.userString1Label}>
        <Input value={userString} maxLength={250} onChange={(_, data) => setUserString(data.value)} disabled={saving} />
      </Field>
      <UserDateField
        label={options.userDate1Label}
        text={dateText}
        onTextChange={(text) => {
          setDateText(text);
          setSavedAsBlank(false);
        }}
        savedAsBlank={savedAsBlank}
        disabled={saving}
        hint={defaulted ? UI_TEXT.properties.userDateDefaultedToToday : undefined}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving || !dirty}>
          {UI_TEXT.save}
        </Button>
        {saving ? <Text>{UI_TEXT.saving}</Text> : null}
      </div>
    </form>
  );
}
