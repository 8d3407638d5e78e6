import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { ApiError } from '../../api';
import { LIMITS, decodeDocumentId, encodeDocumentId, type DmsDocument, type Note, type NoteKind } from '../../model';
import { MESSAGES, noteLength, notesRetrievalError, validateNote } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { useGoBack } from '../app/useGoBack';
import { useNotify } from '../app/useToast';
import { filterNotes, loadNoteFilters, saveNoteFilters, type NoteFilters } from './noteFilters';
import { useLocaleFormats } from '../locale/useLocaleFormats';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  section: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  filters: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, border: 'none', margin: 0, padding: `0 ${tokens.spacingHorizontalM}` },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  formFooter: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  over: { color: tokens.colorPaletteRedForeground1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: {
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  noteHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  noteText: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: tokens.spacingVerticalXXS },
});

const KIND_LABELS: Record<NoteKind, string> = { user: 'User notes', system: 'System notes', viewed: 'Viewed notes' };
const KIND_BADGES: Record<NoteKind, string> = { user: 'User', system: 'System', viewed: 'Viewed' };

type NotesState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; notes: Note[] };

/**
 * The notes page of a document (`/notes/:docId`): the notes oldest first with user / system /
 * 'VIEWED' filters kept in local storage, and a form to add a note of at most 4000 characters.
 */
export function NotesScreen(): ReactElement {
  const { formatDateTime } = useLocaleFormats();
  const styles = useStyles();
  const { docId = '' } = useParams();
  const id = decodeDocumentId(docId);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const notify = useNotify();
  const { api, host, loading } = useServices();
  const [document, setDocument] = useState<DmsDocument | null>(null);
  const [state, setState] = useState<NotesState>({ status: 'loading' });
  const [filters, setFilters] = useState<NoteFilters>(() => loadNoteFilters(host.storage.local));
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === 0) {
      setState({ status: 'failed', message: MESSAGES.documentNotFound });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.documents.getDocument(id, controller.signal).then(
      (loaded) => setDocument(loaded),
      () => undefined, // The notes call below reports the failure; one message is enough.
    );
    loading
      .track(api.notes.getNotes(id, controller.signal))
      .then((notes) => {
        if (!controller.signal.aborted) setState({ status: 'ready', notes });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError && error.status === 404 ? MESSAGES.documentNotFound : notesRetrievalError(error instanceof Error ? error.message : String(error));
        setState({ status: 'failed', message });
      });
    return () => controller.abort();
  }, [id, api, loading]);

  const changeFilter = (kind: NoteKind, checked: boolean): void => {
    const next = { ...filters, [kind]: checked };
    setFilters(next);
    saveNoteFilters(host.storage.local, next);
  };

  const length = noteLength(text);
  const tooLong = length > LIMITS.noteMaxLength;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const validation = validateNote(text);
    if (!validation.valid) {
      setFormError(validation.message);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const note = await loading.track(api.notes.addNote(id, text));
      setState((current) => (current.status === 'ready' ? { status: 'ready', notes: [...current.notes, note] } : { status: 'ready', notes: [note] }));
      setText('');
      notify('Note added');
    } catch (error) {
      setFormError(error instanceof Error ? error.message : MESSAGES.unhandledError);
    } finally {
      setSaving(false);
    }
  };

  const shown = state.status === 'ready' ? filterNotes(state.notes, filters) : [];

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label="Back" onClick={goBack} />
        <Subtitle2 as="h1" className={styles.title} title={document?.name}>
          Notes{document ? ` – ${document.name}` : ''}
        </Subtitle2>
        {id !== 0 ? (
          <Button appearance="subtle" icon={<DocumentRegular />} onClick={() => navigate(`/viewer/${encodeDocumentId(id)}`)}>
            View
          </Button>
        ) : null}
      </div>

      {id !== 0 ? (
        <form className={`${styles.section} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="New note"
            validationState={formError || tooLong ? 'error' : 'none'}
            validationMessage={formError ?? (tooLong ? MESSAGES.noteTooLong : undefined)}
          >
            <Textarea
              value={text}
              resize="vertical"
              rows={3}
              onChange={(_event, data) => {
                setText(data.value);
                if (formError) setFormError(null);
              }}
            />
          </Field>
          <div className={styles.formFooter}>
            <Caption1 className={tooLong ? styles.over : undefined} aria-live="polite">
              {length} / {LIMITS.noteMaxLength}
            </Caption1>
            <Button type="submit" appearance="primary" disabled={saving || state.status === 'failed'}>
              Add note
            </Button>
          </div>
        </form>
      ) : null}

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>Show</legend>
        {(Object.keys(KIND_LABELS) as NoteKind[]).map((kind) => (
          <Checkbox key={kind} label={KIND_LABELS[kind]} checked={filters[kind]} onChange={(_event, data) => changeFilter(kind, data.checked === true)} />
        ))}
      </fieldset>

      <div className={styles.section}>
        {state.status === 'loading' ? <Spinner size="small" label="Loading notes…" /> : null}
        {state.status === 'failed' ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {state.status === 'ready' && shown.length === 0 ? (
          <Body1>{state.notes.length === 0 ? 'No notes yet.' : 'No notes match the filters.'}</Body1>
        ) : null}
        {shown.length > 0 ? (
          <ul className={styles.list} aria-label="Notes">
            {shown.map((note) => (
              <li key={note.id} className={styles.note} data-note-kind={note.kind}>
                <div className={styles.noteHeader}>
                  <Text weight="semibold">{note.author}</Text>
                  <Caption1>
                    <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                  </Caption1>
                  <Badge size="small" appearance="tint" color={note.kind === 'user' ? 'brand' : 'informative'}>
                    {KIND_BADGES[note.kind]}
                  </Badge>
                </div>
                <Body1 as="p" className={styles.noteText}>
                  {note.text}
                </Body1>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
