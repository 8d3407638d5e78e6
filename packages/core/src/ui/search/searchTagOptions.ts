import { SEARCH_TAG_PREFIXES, type SearchTag, type SearchTagKind } from '../../model';
import { UI_TEXT } from '../../locale/uiText';

/** The identity of a tag in the picker: two tags of the same kind and key are the same chip. */
export function tagValue(tag: Pick<SearchTag, 'type' | 'key'>): string {
  return JSON.stringify([tag.type, tag.key]);
}

/**
 * The label in front of a chip, in the catalogue's words for its kind: the tag's own `prefix`
 * (the spec's field, filled by the server in English) only says whether there is one.
 */
export function tagPrefix(tag: SearchTag): string {
  return tag.prefix === '' ? '' : UI_TEXT.search.tagPrefixes[tag.type];
}

/** What a chip or suggestion reads: its prefix and its text ('Name: CS-88120.pdf'). */
export function tagLabel(tag: SearchTag): string {
  const prefix = tagPrefix(tag);
  return prefix === '' ? tag.text : UI_TEXT.search.tagLabel(prefix, tag.text);
}

/** The "contains" kinds the user can make from any typed text; the server only suggests values it knows. */
const TEXT_KINDS: readonly SearchTagKind[] = [
  'documentName',
  'documentDescription',
  'noteTextContains',
  'userString1Contains',
  'queueNameContains',
  'customIndex',
];

/** A tag of `type` made from typed text (key and text are the text). */
export function textTag(type: SearchTagKind, text: string): SearchTag {
  return { type, key: text, text, prefix: SEARCH_TAG_PREFIXES[type] };
}

/**
 * The suggestions for typed text: the server's first (exact file id, queues, companies, names it
 * knows), then a "contains" tag of each kind the user may search by, without duplicates and
 * without tags already chosen. Note text is offered only to users who may read notes, because
 * the server refuses that tag to anyone else (403).
 */
export function suggestionsFor(
  text: string,
  serverTags: readonly SearchTag[],
  chosen: readonly SearchTag[],
  canSearchNotes: boolean,
): SearchTag[] {
  const trimmed = text.trim();
  const generated: SearchTag[] = [];
  if (trimmed !== '') {
    for (const kind of TEXT_KINDS) {
      if (kind === 'noteTextContains' && !canSearchNotes) continue;
      generated.push(textTag(kind, trimmed));
    }
    if (/^\d+$/.test(trimmed)) generated.push(textTag('fileIdContains', trimmed));
  }
  const seen = new Set(chosen.map(tagValue));
  const result: SearchTag[] = [];
  for (const tag of [...serverTags, ...generated]) {
    const value = tagValue(tag);
    if (seen.has(value)) continue;
    seen.add(value);
    result.push(tag);
  }
  return result;
}
