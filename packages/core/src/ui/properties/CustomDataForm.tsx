import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Body1, Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CustomField, DocumentCustomData } from '../../model';
import { checkCustomFieldValue, parseUserDateText } from '../../rules';
import type { LocaleFormats } from '../locale/localeFormats';
import { UI_TEXT } from '../../locale/uiText';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { UserDateField } from './UserDateField';
import { shownMessage } from '../../locale/shownMessage';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  category: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: 'none', margin: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The text a field's input starts with: stored dates ('YYYY-MM-DD') in the locale's numeric form. */
function initialText(field: CustomField, value: string | null, formats: LocaleFormats): string {
  if (value === null) return '';
  if (field.valueType === 'date' && parseUserDateText(value).kind === 'date') return formats.formatDateInput(value);
  return value;
}

/** What the core rule checks: a date typed in the locale's form as ISO (YYYY-MM-DD), anything else as typed. */
function checkedText(field: CustomField, text: string, formats: LocaleFormats): string {
  if (field.valueType !== 'date') return text;
  const parsed = formats.parseDateInput(text);
  return parsed.kind === 'date' ? parsed.date : text;
}

/** Props of CustomDataForm. */
export interface CustomDataFormProps {
  docId: number;
}

/**
 * A document's custom data (GET /document/{id}/custom): one group per category that applies,
 * every field marked required as the server says, only ManualEntry fields editable (the others
 * read-only), values checked by the core rule before POST /document/{id}/custom.
 */
export function CustomDataForm({ docId }: CustomDataFormProps): ReactElement {
  const styles = useStyles();
  const { api, alerts } = useServices();
  const formats = useLocaleFormats();
  const loaded = useApiQuery<DocumentCustomData>(queryKeys.documentCustomData(docId), (signal) => api.properties.customData(docId, signal));
  const [data, setData] = useState<DocumentCustomData | null>(null);
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.data) setData(loaded.data);
  }, [loaded.data]);

  const fields = useMemo(() => data?.categories.flatMap((category) => category.fields) ?? [], [data]);
  const stored = useMemo(() => new Map(data?.values.map((v) => [v.fieldId, v.value]) ?? []), [data]);
  useEffect(() => {
    setTexts(new Map(fields.map((field) => [field.id, initialText(field, stored.get(field.id) ?? null, formats)])));
    setErrors(new Map());
  }, [fields, stored, formats]);

  if (data === null)
    return loaded.loading ? (
      <Spinner size="small" label={UI_TEXT.properties.loadingCustomData} />
    ) : (
      <Body1>{UI_TEXT.properties.customDataNotLoaded}</Body1>
    );
  if (data.categories.length === 0) return <Body1>{UI_TEXT.properties.noCustomData}</Body1>;

  const editable = fields.filter((field) => field.editable);
  const changed = editable.filter((field) => (texts.get(field.id) ?? '') !== initialText(field, stored.get(field.id) ?? null, formats));

  const save = async (): Promise<void> => {
    const found = new Map<number, string>();
    const values = changed.flatMap((field) => {
      const result = checkCustomFieldValue(field, checkedText(field, texts.get(field.id) ?? '', formats));
      if (!result.ok) {
        found.set(field.id, shownMessage(result.message));
        return [];
      }
      return [{ fieldId: field.id, value: result.value }];
    });
    setErrors(found);
    if (found.size > 0 || values.length === 0) return;
    setSaving(true);
    try {
      setData(await api.properties.saveCustomData(docId, values));
    } catch (error) {
      alerts.report(error);
    } finally {
      setSaving(false);
    }
  };

  const setText = (fieldId: number, text: string): void => setTexts((current) => new Map(current).set(fieldId, text));

  return (
    <form
      className={styles.form}
      aria-label={UI_TEXT.properties.sections.customData}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {data.categories.map((category) => (
        <fieldset key={category.id} className={styles.category}>
          <legend className={styles.legend}>{category.name}</legend>
          {category.fields.map((field) => {
            const text = texts.get(field.id) ?? '';
            const error = errors.get(field.id);
            if (field.editable && field.valueType === 'date') {
              return (
                <UserDateField
                  key={field.id}
                  label={field.label}
                  text={text}
                  required={field.required}
                  disabled={saving}
                  onTextChange={(value) => setText(field.id, value)}
                />
              );
            }
            return (
              <Field
                key={field.id}
                label={field.label}
                required={field.required}
                validationState={error ? 'error' : 'none'}
                validationMessage={error}
                hint={
                  field.editable
                    ? undefined
                    : field.dataSource === 'EmailHeader'
                      ? UI_TEXT.properties.filledFromEmailHeader
                      : UI_TEXT.properties.filledFromOtherSource
                }
              >
                <Input
                  value={text}
                  readOnly={!field.editable}
                  disabled={saving}
                  maxLength={field.maxLength}
                  inputMode={field.valueType === 'number' ? 'decimal' : undefined}
                  onChange={(_, change) => setText(field.id, change.value)}
                />
              </Field>
            );
          })}
        </fieldset>
      ))}
      {editable.length > 0 ? (
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={saving || changed.length === 0}>
            {UI_TEXT.properties.saveCustomData}
          </Button>
          {saving ? <Text>{UI_TEXT.saving}</Text> : null}
        </div>
      ) : null}
    </form>
  );
}
