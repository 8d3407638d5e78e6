import { useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  makeStyles,
  type TagPickerProps,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons/svg/search';
import type { SearchTag } from '../../model';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useDebouncedValue } from '../workflow/useDebouncedValue';
import { suggestionsFor, tagLabel, tagPrefix, tagValue } from './searchTagOptions';
import { UI_TEXT } from '../../locale/uiText';

/** Pause after the last keystroke before suggestions are asked for, so typing a word costs one request. */
export const SUGGESTION_DEBOUNCE_MS = 200;

const NO_SUGGESTIONS: readonly SearchTag[] = [];

const useStyles = makeStyles({
  control: { width: '100%', boxSizing: 'border-box' },
  prefix: { fontWeight: 600 },
});

/** Props of SearchBox. */
export interface SearchBoxProps {
  tags: readonly SearchTag[];
  onTagsChange(tags: SearchTag[]): void;
  /** The typed text beside the chips: the search words. */
  text: string;
  onTextChange(text: string): void;
  /** Offer 'Note' tags only to users who may read notes (the server refuses them to others). */
  canSearchNotes: boolean;
  /** Enter without a highlighted suggestion: search the typed words now. */
  onSubmit?: () => void;
}

/**
 * The search box of the search pane (spec §2, Fluent TagPicker): typed text offers tag
 * suggestions from /search-tags plus "contains" tags made from the text; picking one turns it into
 * a chip and clears the text; Backspace in an empty box removes the last chip; the text left in
 * the box is the search words. Enter searches those words unless the user has moved to a
 * suggestion with the arrow keys (then Enter takes that suggestion).
 */
export function SearchBox({ tags, onTagsChange, text, onTextChange, canSearchNotes, onSubmit }: SearchBoxProps): ReactElement {
  const styles = useStyles();
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  // True once the user moves through the suggestions with the arrow keys: only then does Enter take one.
  const [browsing, setBrowsing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The server's suggestions are a query per typed text and chips, asked for once typing paused;
  // a newer text drops the request before it (the cache aborts a query nobody needs any more).
  const trimmed = text.trim();
  const typed = useMemo(() => ({ q: trimmed, tags }), [trimmed, tags]);
  const settled = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  // An emptied box asks for nothing at once (its answer is no suggestions, never the server's).
  const asked = trimmed === '' ? typed : settled;
  const suggestions = useQuery({
    queryKey: queryKeys.searchTags(asked.q, asked.tags),
    queryFn: ({ signal }) => (asked.q === '' ? Promise.resolve([]) : api.search.searchTags(asked, signal)),
    // The old suggestions stay until the new ones arrive, so the list never blinks empty while typing.
    placeholderData: keepPreviousData,
    // A failed suggestion request only costs the server's suggestions; the typed-text tags still work.
    meta: { quiet: true },
  });
  const serverTags = trimmed === '' ? NO_SUGGESTIONS : (suggestions.data ?? NO_SUGGESTIONS);

  const options = useMemo(() => suggestionsFor(trimmed, serverTags, tags, canSearchNotes), [trimmed, serverTags, tags, canSearchNotes]);
  const known = useMemo(() => new Map([...tags, ...options].map((tag) => [tagValue(tag), tag])), [tags, options]);

  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_event, data) => {
    const next = data.selectedOptions.map((value) => known.get(value)).filter((tag): tag is SearchTag => tag !== undefined);
    const added = next.length > tags.length;
    onTagsChange(next);
    if (added) {
      // The typed text became the chip; what the user types next is new words.
      onTextChange('');
      setOpen(false);
      setBrowsing(false);
      input.current?.focus();
    }
  };

  // Runs before the picker's own handler (which would move focus to the last chip): in an empty
  // box Backspace removes the last chip and focus stays in the box.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setBrowsing(true);
    // Enter runs the typed words as full text; a suggestion is taken only when the user highlighted one.
    if (event.key === 'Enter' && event.target === input.current && !browsing) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      onSubmit?.();
      return;
    }
    if (event.key !== 'Backspace' || event.target !== input.current || text !== '' || tags.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    onTagsChange(tags.slice(0, -1));
  };

  return (
    <TagPicker
      selectedOptions={tags.map(tagValue)}
      onOptionSelect={onOptionSelect}
      open={open && options.length > 0}
      onOpenChange={(_event, data) => setOpen(data.open)}
    >
      <TagPickerControl className={styles.control} expandIcon={<SearchRegular />} onKeyDownCapture={onKeyDownCapture}>
        <TagPickerGroup aria-label={UI_TEXT.search.searchTags}>
          {tags.map((tag) => (
            <Tag key={tagValue(tag)} value={tagValue(tag)} shape="rounded" title={tagLabel(tag)} aria-label={tagLabel(tag)}>
              {tagPrefix(tag) === '' ? null : <span className={styles.prefix}>{UI_TEXT.search.tagLabel(tagPrefix(tag), '')}</span>}
              {tag.text}
            </Tag>
          ))}
        </TagPickerGroup>
        <TagPickerInput
          ref={input}
          aria-label={UI_TEXT.search.searchDocuments}
          placeholder={tags.length === 0 ? UI_TEXT.search.typeToSearch : undefined}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setBrowsing(false);
          }}
        />
      </TagPickerControl>
      {/* Always rendered: with a single child the picker would take the control for its popover. */}
      <TagPickerList aria-label={UI_TEXT.search.suggestions}>
        {options.map((tag) => (
          <TagPickerOption key={tagValue(tag)} value={tagValue(tag)} text={tagLabel(tag)}>
            {tagLabel(tag)}
          </TagPickerOption>
        ))}
      </TagPickerList>
    </TagPicker>
  );
}
