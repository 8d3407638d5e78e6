import { useEffect, useRef, useState, type ReactElement } from 'react';
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
  Textarea,
} from '@fluentui/react-components';
import { LIMITS } from '../../../model';
import { noteLength, validateWorkflowNote, type NoteRequirement } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';

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
}

/** Props of NotePromptDialog. */
export interface NotePromptDialogProps {
  prompt: NotePrompt | null;
  /** The action is running: the buttons wait. */
  busy: boolean;
  /** A refusal to show inside the dialog, which stays open (UX.md "Dialogs"). */
  error: string | null;
  onConfirm(note: string): void;
  onCancel(): void;
}

/**
 * The note prompt of approve and reject (role=dialog, textbox 'Note' — 'Reason' for a rejection —
 * up to 4000 characters with a counter, focused on open). A required note (core noteRequirement)
 * blocks the action with the spec's message until one is typed; the confirm button is named after
 * the action; Escape and Cancel close it with nothing sent.
 */
export function NotePromptDialog({ prompt, busy, error, onConfirm, onCancel }: NotePromptDialogProps): ReactElement {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    setNote('');
    setProblem(null);
    if (prompt === null) return undefined;
    // The field takes the focus once the dialog has placed its own (its focus trap starts on the surface), so typing starts at once.
    const timer = setTimeout(() => field.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [prompt]);
  const length = noteLength(note);
  const confirm = (): void => {
    if (!prompt) return;
    const check = validateWorkflowNote(prompt.requirement, note);
    if (!check.valid) {
      setProblem(check.message);
      return;
    }
    onConfirm(note);
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
            <Field
              label={prompt?.fieldLabel ?? UI_TEXT.workflow.note}
              required={prompt?.requirement.required ?? false}
              validationState={problem ? 'error' : 'none'}
              validationMessage={problem ?? undefined}
              hint={`${length} / ${LIMITS.noteMaxLength}`}
            >
              <Textarea
                // Focus goes straight to the note, so typing starts at once (and the dialog's focus trap holds it).
                autoFocus
                ref={field}
                value={note}
                resize="vertical"
                rows={4}
                onKeyDown={(event) => {
                  // Ctrl+Enter confirms from the note, as in mail and chat boxes; Enter alone starts a new line.
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault();
                    confirm();
                  }
                }}
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
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              {UI_TEXT.cancel}
            </Button>
            <Button appearance="primary" onClick={confirm} disabled={busy || length > LIMITS.noteMaxLength}>
              {prompt?.action ?? ''}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
