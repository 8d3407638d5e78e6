import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons/svg/lock-closed';
import { UI_TEXT } from '../locale/uiText';

/** Props of PdfPasswordForm. */
export interface PdfPasswordFormProps {
  /** True after a wrong password: the form says so and asks again. */
  incorrect: boolean;
  onSubmit(password: string): void;
}

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '360px',
    margin: `${tokens.spacingVerticalXXL} auto`,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * Asks for the password of a protected PDF. The password goes to pdf.js in this browser only;
 * it is never sent to the server, which keeps the file as it was uploaded.
 */
export function PdfPasswordForm({ incorrect, onSubmit }: PdfPasswordFormProps): ReactElement {
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // A new prompt (first or after a wrong password) starts empty with the focus in the box.
    setPassword('');
    inputRef.current?.focus();
  }, [incorrect]);
  return (
    <form
      className={styles.form}
      aria-label={UI_TEXT.viewer.passwordNeeded}
      onSubmit={(event) => {
        event.preventDefault();
        if (password !== '') onSubmit(password);
      }}
    >
      <Text weight="semibold" className={styles.title}>
        <LockClosedRegular aria-hidden="true" /> {UI_TEXT.viewer.passwordProtected}
      </Text>
      <Field
        label={UI_TEXT.viewer.password}
        validationState={incorrect ? 'error' : 'none'}
        validationMessage={incorrect ? UI_TEXT.viewer.wrongPassword : undefined}
      >
        <Input ref={inputRef} type="password" value={password} autoComplete="off" onChange={(_event, data) => setPassword(data.value)} />
      </Field>
      <Button appearance="primary" type="submit" disabled={password === ''}>
        {UI_TEXT.open}
      </Button>
    </form>
  );
}
