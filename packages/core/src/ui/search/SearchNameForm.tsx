import { useState, type ReactElement } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  field: { flexGrow: 1, minWidth: '160px' },
});

/** Props of SearchNameForm. */
export interface SearchNameFormProps {
  /** The field's label, e.g. 'Name of the saved search'. */
  label: string;
  /** The button that confirms, named after the action (UX.md), e.g. 'Save search'. */
  confirmLabel: string;
  initialName: string;
  onConfirm(name: string): Promise<void> | void;
  onCancel(): void;
}

/**
 * Asks for the name of a saved search in place (save and rename), so the pane keeps its context
 * and no dialog opens over it; the buttons are disabled while it works and come back on failure.
 */
export function SearchNameForm({ label, confirmLabel, initialName, onConfirm, onCancel }: SearchNameFormProps): ReactElement {
  const styles = useStyles();
  const [name, setName] = useState(initialName);
  const [working, setWorking] = useState(false);
  const [touched, setTouched] = useState(false);
  const blank = name.trim() === '';

  const confirm = async (): Promise<void> => {
    setTouched(true);
    if (blank) return;
    setWorking(true);
    try {
      await onConfirm(name.trim());
    } finally {
      setWorking(false);
    }
  };

  return (
    <form
      className={styles.form}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <Field className={styles.field} label={label} required validationMessage={touched && blank ? MESSAGES.fieldRequired : undefined}>
        <Input value={name} onChange={(_event, data) => setName(data.value)} autoFocus />
      </Field>
      <Button appearance="primary" type="submit" disabled={working}>
        {confirmLabel}
      </Button>
      <Button appearance="secondary" onClick={onCancel} disabled={working}>
        {UI_TEXT.cancel}
      </Button>
    </form>
  );
}
