import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import { LIMITS } from '../../../model';
import { noteLength, validateWorkflowNote, type NoteRequirement } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { PHONE_TARGET_PX } from '../phone/phoneLayout';
import { NARROW_MAX_WIDTH } from '../useWindowWidth';
import { shownMessage } from '../../../locale/shownMessage';

const useStyles = makeStyles({
  // On a phone (the frame's own width, as the layout's) the dialog's buttons are touch targets of at least 44 px.
  action: { [`@media (max-width: ${NARROW_MAX_WIDTH - 0.02}px)`]: { minHeight: `${PHONE_TARGET_PX}px`, minWidth: `${PHONE_TARGET_PX}px` } },
});

/** What the note prompt asks for. */
export interface NotePrompt {
  /** The confirm button's name: 'Approve' or 'Reject'. */
  action: string;
  /** The dialog title, e.g. 'Approve 2 documents'. */
  title: string;
  requirement: NoteRequirement;
  /** A warning to confirm first (an unlinked document where the queue warns). */
  warning: string | null;
  /** The field's label: 'Note' by default, 'Reason' when rejecting. */
  fieldLabel?: string;
  /**
   * Ours (issue 35): the approval holds possible duplicates, one line each ("inv-2.pdf: possible
   * duplicate of 'inv-1.pdf' in Approval L1 (the same file)."); a reason to approve anyway is then
   * required, asked for in a field of its own above the note.
   */
  duplicates?: readonly string[];
}

/** Props of NotePromptDialog. */
export interface NotePromptDialogProps {
  prompt: NotePrompt | null;
  /** The action is running: the buttons wait. */
  busy: boolean;
  /** A refusal to show inside the dialog, which stays open (UX.md "Dialogs"). */
  error: string | null;
  /** Confirms with the note and, for possible duplicates, the reason to approve anyway. */
  onConfirm(note: string, overrideReason?: string): void;
  onCancel(): void;
}

/**
 * The note prompt of approve and reject (role=dialog, textbox 'Note' — 'Reason' for a rejection —
 * up to 4000 characters with a counter, focused on open). A required note (core noteRequirement)
 * blocks the action with the spec's message until one is typed; the confirm button is named after
 * the action; Escape and Cancel close it with nothing sent. An approval of possible duplicates
 * (issue 35) says which and asks first, in a required field that takes the focus, for the reason to
 * approve them anyway.
 */
export function NotePromptDialog({ prompt, busy, error, onConfirm, onCancel }: NotePromptDialogProps): ReactElement {
  const styles = useStyles();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  const [overrideProblem, setOverrideProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const overrideField = useRef<HTMLTextAreaElement>(null);
  const duplicates = prompt?.duplicates ?? [];
  useEffect(() => {
    setNote('');
    setProblem(null);
    setOverrideReason('');
    setOverrideProblem(null);
    if (prompt === null) return undefined;
    // The field takes the focus once the dialog has placed its own (its focus trap starts on the surface), so typing starts at once.
    const timer = setTimeout(() => ((prompt.duplicates ?? []).length > 0 ? overrideField : field).current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [prompt]);
  const length = noteLength(note);
  const overrideLength = noteLength(overrideReason);
  const confirm = (): void => {
    if (!prompt) return;
    if (duplicates.length > 0 && overrideReason.trim() === '') {
      setOverrideProblem(UI_TEXT.duplicates.overrideRequired);
      overrideField.current?.focus();
      return;
    }
    const check = validateWorkflowNote(prompt.requirement, note);
    if (!check.valid) {
      setProblem(shownMessage(check.message));
      return;
    }
    onConfirm(note, duplicates.length > 0 ? overrideReason : undefined);
  };
  // Ctrl+Enter confirms from either field, as in mail and chat boxes; Enter alone starts a new line.
  const confirmOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      confirm();
    }
  };
  return (
    <Dialog open={prompt !== null} modalType="modal" onOpenChange={(_, data) => (data.open || busy ? undefined : onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{prompt?.title ?? ''}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {prompt?.warning ? (
              <MessageBar intent="warning" layout="multiline">
                <MessageBarBody>{prompt.warning}</MessageBarBody>
              </MessageBar>
            ) : null}
            {duplicates.length > 0 ? (
              <>
                <MessageBar intent="warning" layout="multiline">
                  <MessageBarBody>
                    <MessageBarTitle>{UI_TEXT.duplicates.title}</MessageBarTitle>
                    {duplicates.map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </MessageBarBody>
                </MessageBar>
                <Field
                  label={UI_TEXT.duplicates.overrideReason}
                  required
                  validationState={overrideProblem ? 'error' : 'none'}
                  validationMessage={overrideProblem ?? UI_TEXT.duplicates.overrideHint}
                  hint={`${overrideLength} / ${LIMITS.noteMaxLength}`}
                >
                  <Textarea
                    ref={overrideField}
                    value={overrideReason}
                    resize="vertical"
                    rows={3}
                    onKeyDown={confirmOnCtrlEnter}
                    onChange={(_, data) => {
                      setOverrideReason(data.value);
                      if (overrideProblem) setOverrideProblem(null);
                    }}
                  />
                </Field>
              </>
            ) : null}
            <Field
              label={prompt?.fieldLabel ?? UI_TEXT.workflow.note}
              required={prompt?.requirement.required ?? false}
              validationState={problem ? 'error' : 'none'}
              validationMessage={problem ?? undefined}
              hint={`${length} / ${LIMITS.noteMaxLength}`}
            >
              <Textarea
                // Focus goes straight to the note (the reason to override, when asked, comes first), so typing starts at once.
                autoFocus={duplicates.length === 0}
                ref={field}
                value={note}
                resize="vertical"
                rows={4}
                onKeyDown={confirmOnCtrlEnter}
                onChange={(_, data) => {
                  setNote(data.value);
                  if (problem) setProblem(null);
                }}
              />
            </Field>
            {error ? (
              <div role="alert">
                <MessageBar intent="error" layout="multiline">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button className={styles.action} appearance="secondary" onClick={onCancel} disabled={busy}>
              {UI_TEXT.cancel}
            </Button>
            <Button
              className={styles.action}
              appearance="primary"
              onClick={confirm}
              disabled={busy || length > LIMITS.noteMaxLength || overrideLength > LIMITS.noteMaxLength}
            >
              {prompt?.action ?? ''}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
