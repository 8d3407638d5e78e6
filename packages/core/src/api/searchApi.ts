import { LIMITS, type DmsDocument, type SearchSnippet, type SearchTag } from '../model';
import type { ApiClient, Query } from './ApiClient';

/** Columns the search results can be sorted by (API.md: `sort=name|createdAt|FileSize`). */
export type SearchSortKey = 'name' | 'createdAt' | 'FileSize';

/** One page of search results (GET /documents/search). */
export interface SearchPage {
  documents: DmsDocument[];
  /** Where the words matched, by document id (servers before snippets leave it out). */
  snippets?: Record<string, SearchSnippet>;
  /** Every match the caller may see, not only this page. */
  total: number;
  skip: number;
  take: number;
}

/** What to search for: words, tags, order and the page. */
export interface SearchQuery {
  /** Free words; the last one matches as a prefix on the server. */
  q?: string;
  tags?: readonly SearchTag[];
  /** Without a sort the server orders by relevance (words) or newest first. */
  sort?: SearchSortKey;
  desc?: boolean;
  skip?: number;
  /** Page size; spec §9: 30. */
  take?: number;
}

/** What to suggest tags for (GET /search-tags). */
export interface SearchTagQuery {
  q?: string;
  /** Tags already chosen: suggestions are limited to documents they still match. */
  tags?: readonly SearchTag[];
  skip?: number;
  take?: number;
}

/** The search resource of the web services (spec §7 `/documents/search`, `/search-tags`). */
export interface SearchApi {
  /** One page of documents matching the words and every tag. */
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchPage>;
  /** Tags to offer as the user types. */
  searchTags(query: SearchTagQuery, signal?: AbortSignal): Promise<SearchTag[]>;
}

/**
 * The JSON form the server reads for each `tag[]` value. Only type and key matter to it, but the
 * whole chip is sent so a tag from `/search-tags` goes back unchanged.
 */
export function encodeSearchTags(tags: readonly SearchTag[] | undefined): string[] {
  return (tags ?? []).map((tag) => JSON.stringify({ text: tag.text, prefix: tag.prefix, type: tag.type, key: tag.key }));
}

function pagingQuery(
  q: string | undefined,
  tags: readonly SearchTag[] | undefined,
  skip: number | undefined,
  take: number | undefined,
): Record<string, Query[string]> {
  return {
    q: q !== undefined && q.trim() !== '' ? q : undefined,
    'tag[]': encodeSearchTags(tags),
    skip: skip ?? 0,
    take: take ?? LIMITS.pageSize,
  };
}

/** Creates the search resource over an ApiClient. */
export function searchApi(client: ApiClient): SearchApi {
  return {
    search: (query, signal) =>
      client.get<SearchPage>('/documents/search', {
        query: {
          ...pagingQuery(query.q, query.tags, query.skip, query.take),
          sort: query.sort,
          desc: query.sort === undefined ? undefined : (query.desc ?? false),
        },
        signal,
      }),
    searchTags: (query, signal) =>
      client.get<SearchTag[]>('/search-tags', { query: pagingQuery(query.q, query.tags, query.skip, query.take), signal }),
  };
}
