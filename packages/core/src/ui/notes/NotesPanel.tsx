import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { ApiError } from '../../api';
import { LIMITS, type Note, type NoteKind } from '../../model';
import { noteLength, validateNote } from '../../rules';
import { MESSAGE_FUNCTIONS } from '../../locale/messageFunctions';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { filterNotes, loadNoteFilters, saveNoteFilters, type NoteFilters } from './noteFilters';
import { foldViewedNotes, viewsText } from './foldViewedNotes';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  title: { flexGrow: 1 },
  section: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    border: 'none',
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalM}`,
  },
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
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  views: { padding: `0 ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground3 },
  noteHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  noteText: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: tokens.spacingVerticalXXS },
});

const KIND_LABELS: Record<NoteKind, string> = UI_TEXT.notes.kindFilters;
const KIND_BADGES: Record<NoteKind, string> = UI_TEXT.notes.kindBadges;

/** Local-storage key of the "Every view" switch: show each 'VIEWED' entry instead of one line per user. */
export const NOTE_EVERY_VIEW_KEY = 'noteFiltersEveryView';

type NotesState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; notes: Note[] };

/** What the panel shows for the notes query: a missing document and a 404 as "not found", other failures in the notes' own words. */
function notesState(id: number, notes: Note[] | undefined, error: unknown): NotesState {
  if (id === 0) return { status: 'failed', message: MESSAGES.documentNotFound };
  if (notes) return { status: 'ready', notes };
  if (!error) return { status: 'loading' };
  const message =
    error instanceof ApiError && error.status === 404
      ? MESSAGES.documentNotFound
      : MESSAGE_FUNCTIONS.notesRetrievalError(error instanceof Error ? error.message : String(error));
  return { status: 'failed', message };
}

/** Props of NotesPanel. */
export interface NotesPanelProps {
  docId: number;
  /** Level of the "Notes" heading; none when the screen around it already names the notes. */
  headingLevel?: 'h2' | 'h3';
  /** Shows a close button (the viewer's side panel). */
  onClose?: () => void;
}

/**
 * A document's notes, oldest first: a form to add a note (at most 4000 characters; the new note
 * is scrolled into view and focused), the user / system / 'VIEWED' filters kept in local
 * storage, and the automatic 'VIEWED' entries folded into one line per user unless "Every view"
 * asks for them. Authors show by display name, the login on hover. Used by the notes page and
 * as the viewer's side panel.
 */
export function NotesPanel({ docId: id, headingLevel, onClose }: NotesPanelProps): ReactElement {
  const styles = useStyles();
  const { formatDateTime } = useLocaleFormats();
  const notify = useNotify();
  const { api, host, loading } = useServices();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<NoteFilters>(() => loadNoteFilters(host.storage.local));
  const [everyView, setEveryView] = useState(() => host.storage.local.getItem(NOTE_EVERY_VIEW_KEY) === 'true');
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [addedId, setAddedId] = useState<number | null>(null);
  const addedRef = useRef<HTMLLIElement>(null);

  const notesQuery = useQuery({
    queryKey: queryKeys.documentNotes(id),
    queryFn: ({ signal }) => loading.track(api.notes.getNotes(id, signal)),
    enabled: id !== 0,
    // The panel shows its own failure (below); the alert area stays for what has no place to show.
    meta: { quiet: true },
  });
  const state = notesState(id, notesQuery.data, notesQuery.error);

  // A note just added is brought into view and focused, so it never lands off screen unnoticed.
  useEffect(() => {
    if (addedId === null || !addedRef.current) return;
    addedRef.current.scrollIntoView?.({ block: 'nearest' });
    addedRef.current.focus();
  }, [addedId]);

  const changeFilter = (kind: NoteKind, checked: boolean): void => {
    const next = { ...filters, [kind]: checked };
    setFilters(next);
    saveNoteFilters(host.storage.local, next);
  };
  const changeEveryView = (checked: boolean): void => {
    setEveryView(checked);
    host.storage.local.setItem(NOTE_EVERY_VIEW_KEY, checked ? 'true' : 'false');
  };

  const length = noteLength(text);
  const tooLong = length > LIMITS.noteMaxLength;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const validation = validateNote(text);
    if (!validation.valid) {
      setFormError(shownMessage(validation.message));
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const note = await loading.track(api.notes.addNote(id, text));
      // The new note shows at once; the document's queries (its notes among them) then reload
      // from the server, which may hold notes others added meanwhile.
      queryClient.setQueryData<Note[]>(queryKeys.documentNotes(id), (current) => [...(current ?? []), note]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.document(id) });
      setText('');
      setAddedId(note.id);
      notify(UI_TEXT.notes.noteAdded);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : MESSAGES.unhandledError);
    } finally {
      setSaving(false);
    }
  };

  const shown = state.status === 'ready' ? filterNotes(state.notes, filters) : [];
  const lines = everyView ? shown.map((note) => ({ kind: 'note' as const, note })) : foldViewedNotes(shown);

  return (
    <div className={styles.panel}>
      {headingLevel || onClose ? (
        <div className={styles.header}>
          {headingLevel ? (
            <Subtitle2 as={headingLevel} className={styles.title}>
              {UI_TEXT.notes.title}
            </Subtitle2>
          ) : null}
          {onClose ? (
            <Button appearance="subtle" icon={<DismissRegular />} aria-label={UI_TEXT.notes.closeNotes} onClick={onClose} />
          ) : null}
        </div>
      ) : null}

      {id !== 0 ? (
        <form className={`${styles.section} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={UI_TEXT.notes.newNote}
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
              {UI_TEXT.notes.addNote}
            </Button>
          </div>
        </form>
      ) : null}

      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{UI_TEXT.notes.show}</legend>
        {(Object.keys(KIND_LABELS) as NoteKind[]).map((kind) => (
          <Checkbox
            key={kind}
            label={KIND_LABELS[kind]}
            checked={filters[kind]}
            onChange={(_event, data) => changeFilter(kind, data.checked === true)}
          />
        ))}
        <Checkbox
          label={UI_TEXT.notes.everyView}
          disabled={!filters.viewed}
          checked={everyView}
          onChange={(_event, data) => changeEveryView(data.checked === true)}
        />
      </fieldset>

      <div className={styles.section}>
        {state.status === 'loading' ? <Spinner size="small" label={UI_TEXT.notes.loadingNotes} /> : null}
        {state.status === 'failed' ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {state.status === 'ready' && shown.length === 0 ? (
          <Body1>{state.notes.length === 0 ? UI_TEXT.notes.noNotes : UI_TEXT.notes.noneMatch}</Body1>
        ) : null}
        {lines.length > 0 ? (
          <ul className={styles.list} aria-label={UI_TEXT.notes.title}>
            {lines.map((line) =>
              line.kind === 'views' ? (
                <li key={`views-${line.author}`} className={styles.views} data-note-kind="viewed">
                  <Caption1>
                    <span title={line.author}>{viewsText(line.authorName, line.count, formatDateTime(line.lastAt))}</span>
                  </Caption1>
                </li>
              ) : (
                <li
                  key={line.note.id}
                  ref={line.note.id === addedId ? addedRef : undefined}
                  tabIndex={line.note.id === addedId ? -1 : undefined}
                  className={styles.note}
                  data-note-kind={line.note.kind}
                >
                  <div className={styles.noteHeader}>
                    <Text weight="semibold" title={line.note.author}>
                      {line.note.authorName ?? line.note.author}
                    </Text>
                    <Caption1>
                      <time dateTime={line.note.createdAt}>{formatDateTime(line.note.createdAt)}</time>
                    </Caption1>
                    <Badge size="small" appearance="tint" color={line.note.kind === 'user' ? 'brand' : 'informative'}>
                      {KIND_BADGES[line.note.kind]}
                    </Badge>
                  </div>
                  <Body1 as="p" className={styles.noteText}>
                    {line.note.text}
                  </Body1>
                </li>
              ),
            )}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
