import { isSearchTagKind } from '@datahaven/core/model';
import { AI_TAG_KEYS, aiTagKeyOf } from '../aiTagCondition';
import { SUPPORTED_SEARCH_TAG_KINDS } from '../searchTagCondition';
import type { SearchFilterTag, SupportedSearchTagKind } from '../searchTagCondition';
import { badRequest } from '../../http/HttpError';

/** Most tags per request. */
export const MAX_SEARCH_TAGS = 20;
/** Longest tag key, in characters. */
export const MAX_SEARCH_TAG_KEY_LENGTH = 200;

/** Kinds whose key may be blank: all companies; in workflow (blank = in a queue); approval (blank = mine). */
const KEY_OPTIONAL: ReadonlySet<string> = new Set(['inAllCompanies', 'inWorkflow', 'approval']);

function isSupported(kind: string): kind is SupportedSearchTagKind {
  return (SUPPORTED_SEARCH_TAG_KINDS as readonly string[]).includes(kind);
}

/**
 * The `tag[]` values of a request, each a JSON-encoded SearchTag (`{"type":"documentName","key":"contoso"}`;
 * `text` and `prefix` may be present and are ignored). A malformed tag, an unknown kind, a blank key
 * (except `inAllCompanies`, `inWorkflow`, `approval`), a key that is not an id for `document` and
 * `queue`, or not one of AI_TAG_KEYS for `ai` → 400 naming the problem.
 */
export function parseSearchTags(raw: readonly string[]): SearchFilterTag[] {
  if (raw.length > MAX_SEARCH_TAGS) throw badRequest(`At most ${MAX_SEARCH_TAGS} tags per request.`);
  return raw.map((text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('Each tag[] must be a JSON-encoded search tag, e.g. {"type":"documentName","key":"contoso"}.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw badRequest('Each tag[] must be a JSON object with type and key.');
    const { type, key } = value as { type?: unknown; key?: unknown };
    if (typeof type !== 'string' || !isSearchTagKind(type)) throw badRequest(`Unknown search tag type ${JSON.stringify(type ?? null)}.`);
    if (!isSupported(type)) throw badRequest(`The search tag type '${type}' is not supported yet.`);
    const keyText = key === undefined || key === null ? '' : typeof key === 'number' ? String(key) : key;
    if (typeof keyText !== 'string') throw badRequest(`The key of a '${type}' tag must be a string.`);
    if (keyText.length > MAX_SEARCH_TAG_KEY_LENGTH) throw badRequest(`A tag key is limited to ${MAX_SEARCH_TAG_KEY_LENGTH} characters.`);
    if (!KEY_OPTIONAL.has(type) && keyText.trim() === '') throw badRequest(`A '${type}' tag needs a key.`);
    if (type === 'document' && !/^[1-9]\d{0,14}$/.test(keyText.trim())) throw badRequest("The key of a 'document' tag is a document id.");
    if (type === 'queue' && !/^[1-9]\d{0,14}$/.test(keyText.trim())) throw badRequest("The key of a 'queue' tag is a queue id.");
    if (type === 'ai' && aiTagKeyOf(keyText) === undefined) throw badRequest(`The key of an 'ai' tag is one of ${AI_TAG_KEYS.join(', ')}.`);
    return { type, key: keyText };
  });
}
