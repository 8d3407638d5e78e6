import { useCallback, useMemo, type ReactElement } from 'react';
import { Field } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { userDateMessage } from '../../rules';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';

/** Props of UserDateField. */
export interface UserDateFieldProps {
  /** The label from the 'Document User Date 1 Label' option (or a custom field's label). */
  label: string;
  /** The typed text (the locale's numeric form or ISO, or anything the user typed). */
  text: string;
  onTextChange(text: string): void;
  /** Set after an invalid text was saved as blank: shows 'Re-enter a valid date'. */
  savedAsBlank?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** A hint under the field (e.g. that the date was defaulted to today). */
  hint?: string;
}

/** A calendar day ('YYYY-MM-DD') as the local midnight the date picker works in. */
function dayToLocalDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The calendar day ('YYYY-MM-DD') of a date the picker chose, in local time. */
function localDateToDay(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * A user date entry through Fluent's date picker: typed in the host locale's numeric form
 * (30.05.2025 in de-DE, 05/30/2025 in en-US) or ISO anywhere, strictly a real day, or picked from
 * the calendar; the spec's messages while the text is no date and after it was saved as blank.
 */
export function UserDateField({
  label,
  text,
  onTextChange,
  savedAsBlank = false,
  required = false,
  disabled = false,
  hint,
}: UserDateFieldProps): ReactElement {
  const formats = useLocaleFormats();
  const parsed = formats.parseDateInput(text);
  const message = userDateMessage(parsed, savedAsBlank && text.trim() === '');
  const day = parsed.kind === 'date' ? parsed.date : null;
  // One Date per day, so the picker does not rewrite the text while the user is still typing.
  const value = useMemo(() => (day === null ? null : dayToLocalDate(day)), [day]);
  const formatDate = useCallback((date?: Date) => (date ? formats.formatDateInput(localDateToDay(date)) : ''), [formats]);
  const parseDate = useCallback(
    (typed: string) => {
      const read = formats.parseDateInput(typed);
      return read.kind === 'date' ? dayToLocalDate(read.date) : null;
    },
    [formats],
  );
  return (
    <Field
      label={label}
      required={required}
      validationState={message === null ? 'none' : 'error'}
      validationMessage={message ?? undefined}
      hint={message === null ? (hint ?? UI_TEXT.properties.dateFormatHint(formats.datePattern.text)) : undefined}
    >
      {/* As a render function: the compat DatePicker does not take the Field's control id itself, so
          without these props its input had no label but a title (axe label-title-only). */}
      {(fieldProps) => (
        <DatePicker
          {...fieldProps}
          allowTextInput
          value={value}
          formatDate={formatDate}
          parseDateFromString={parseDate}
          placeholder={formats.datePattern.text}
          disabled={disabled}
          onChange={(_event, data) => onTextChange(data.value)}
          onSelectDate={(date) => {
            // A typed text that is no date stays as typed (with its message); a picked or read day is written in the locale's form.
            if (date) onTextChange(formatDate(date));
          }}
        />
      )}
    </Field>
  );
}
