import { useId, type ReactElement } from 'react';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { DEFAULT_USER_DATE_FORMAT, formatUserDate, parseUserDateText, userDateMessage } from '../../rules';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap' },
  text: { flexGrow: 1, minWidth: '8em' },
  picker: { maxWidth: '11em' },
});

/** Props of UserDateField. */
export interface UserDateFieldProps {
  /** The label from the 'Document User Date 1 Label' option (or a custom field's label). */
  label: string;
  /** The typed text (one of the strict formats, or anything the user typed). */
  text: string;
  onTextChange(text: string): void;
  /** Set after an invalid text was saved as blank: shows 'Re-enter a valid date'. */
  savedAsBlank?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** A hint under the field (e.g. that the date was defaulted to today). */
  hint?: string;
}

/**
 * A user date entry: a text box that takes only the strict formats (core USER_DATE_FORMATS; the
 * spec's messages while the text is no date and after it was saved as blank) and, beside it, the
 * browser's own date picker (keyboard accessible) that fills the text in the default format.
 */
export function UserDateField({ label, text, onTextChange, savedAsBlank = false, required = false, disabled = false, hint }: UserDateFieldProps): ReactElement {
  const styles = useStyles();
  const pickerId = useId();
  const parsed = parseUserDateText(text);
  const message = userDateMessage(parsed, savedAsBlank && text.trim() === '');
  return (
    <Field
      label={label}
      required={required}
      validationState={message === null ? 'none' : 'error'}
      validationMessage={message ?? undefined}
      hint={message === null ? (hint ?? `Format ${DEFAULT_USER_DATE_FORMAT}`) : undefined}
    >
      <div className={styles.row}>
        <Input
          className={styles.text}
          value={text}
          placeholder={DEFAULT_USER_DATE_FORMAT}
          disabled={disabled}
          onChange={(_, data) => onTextChange(data.value)}
        />
        <input
          id={pickerId}
          className={styles.picker}
          type="date"
          aria-label={`Choose ${label}`}
          disabled={disabled}
          value={parsed.kind === 'date' ? parsed.date : ''}
          onChange={(event) => onTextChange(event.target.value === '' ? '' : formatUserDate(event.target.value))}
        />
      </div>
    </Field>
  );
}
