import { SearchAnswer as SearchAnswerSchema, SearchTagListAnswer, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { DmsDocument, SearchSnippet, SearchTag } from '@datahaven/core/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findVisibleDocuments, presentDocument, viewerHoldsAny, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import { createSearchIndex } from '../createSearchIndex';
import type { SearchIndex, SearchQuery } from '../SearchIndex';
import type { SearchFilterTag } from '../searchTagCondition';
import { suggestSearchTags } from '../suggestSearchTags';
import type { AppDeps } from '../../services/AppDeps';
import { badRequest, forbidden } from '../../http/HttpError';
import { documentCell } from '../../http/spreadsheet/documentCell';
import { parseSpreadsheetQuery } from '../../http/spreadsheet/parseSpreadsheetQuery';
import { sendSpreadsheet } from '../../http/spreadsheet/sendSpreadsheet';
import type { SpreadsheetRow } from '../../http/spreadsheet/SpreadsheetSheet';
import { viewerUrl } from '../../http/spreadsheet/viewerUrl';
import { queryInteger, queryList, queryOf, queryString } from '../../http/requestHelpers';
import type { RawQuery } from '../../http/requestHelpers';
import { parseSearchSort } from './parseSearchSort';
import { parseSearchTags } from './parseSearchTags';

/** Page size of search results (embedded-client spec §9). */
export const SEARCH_PAGE_SIZE = 30;
/** Largest `take` accepted. */
export const MAX_SEARCH_TAKE = 100;
/** Longest `q` accepted, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 500;

/** The answer of GET /api/documents/search. */
export interface SearchAnswer {
  documents: DmsDocument[];
  /** Where the words matched, by document id (documents of this page with a text match only). */
  snippets: Record<string, SearchSnippet>;
  total: number;
  skip: number;
  take: number;
}

// The answer schema holds every field of SearchAnswer: the serialiser drops what it lacks.
const searchAnswerMatches: AnswerMatches<typeof SearchAnswerSchema, SearchAnswer> = true;
void searchAnswerMatches;

/** `q`, `skip` and `take` of a search or suggestion request, checked. */
function pageQuery(query: RawQuery): { q: string; skip: number; take: number } {
  const q = queryString(query, 'q') ?? '';
  if (q.length > MAX_SEARCH_QUERY_LENGTH) throw badRequest(`q is limited to ${MAX_SEARCH_QUERY_LENGTH} characters.`);
  const skip = queryInteger(query, 'skip') ?? 0;
  const take = queryInteger(query, 'take') ?? SEARCH_PAGE_SIZE;
  if (skip < 0) throw badRequest('skip must be 0 or more.');
  if (take < 1 || take > MAX_SEARCH_TAKE) throw badRequest(`take must be between 1 and ${MAX_SEARCH_TAKE}.`);
  return { q, skip, take };
}

/** The privilege both search endpoints need (SECURITY preamble: every endpoint checks privileges). */
export const SEARCH_PRIVILEGE = 'Search: Search';

/** The caller searching, after checking they hold 'Search: Search' (else 403). */
function searcherOf(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer.privileges.has(SEARCH_PRIVILEGE)) throw forbidden(`Searching needs the '${SEARCH_PRIVILEGE}' privilege.`);
  return viewer;
}

/**
 * The tags of a request: `tag[]` / `tag` as the client sends them, and `tags[]` / `tags`, the
 * spec's name for `/search-tags` (embedded-client §7); each a JSON-encoded SearchTag.
 */
function tagsOf(query: RawQuery): SearchFilterTag[] {
  return parseSearchTags([...queryList(query, 'tag'), ...queryList(query, 'tags')]);
}

/** A `noteTextContains` tag reads note text, so it needs the privilege to read notes (else 403). */
function checkNoteTags(viewer: Viewer, tags: readonly SearchFilterTag[]): void {
  if (!tags.some((t) => t.type === 'noteTextContains')) return;
  if (!viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin'])) {
    throw forbidden("A noteTextContains tag needs 'Notes: View Only' or 'Notes: View Admin'.");
  }
}

/** The columns a search result export knows (the result list's, and what a document row holds besides), with their headings and widths. */
const EXPORT_COLUMNS: readonly { key: string; title: string; width: number }[] = [
  { key: 'name', title: 'Name', width: 40 },
  { key: 'createdAt', title: 'Created', width: 18 },
  { key: 'FileSize', title: 'Size (bytes)', width: 14 },
  { key: 'description', title: 'Description', width: 40 },
  { key: 'modifiedAt', title: 'Modified', width: 18 },
  { key: 'queueName', title: 'Queue', width: 20 },
  { key: 'type', title: 'Record type', width: 18 },
  { key: 'link', title: 'Record', width: 16 },
  { key: 'subtype', title: 'Subtype', width: 16 },
  { key: 'createdBy', title: 'Created by', width: 18 },
  { key: 'totalPages', title: 'Pages', width: 8 },
];

/** What the result list shows (SearchResults): exported when the client names no columns. */
const DEFAULT_EXPORT_COLUMNS: readonly string[] = ['name', 'createdAt', 'FileSize'];

/** Documents read per page while a search result export streams. */
const EXPORT_PAGE_SIZE = 500;

/** The whole result of a search, page by page in its order, each page read for what the caller may see (the search itself filters by access). */
async function* searchExportPages(
  deps: AppDeps,
  index: SearchIndex,
  viewer: Viewer,
  query: Omit<SearchQuery, 'skip' | 'take'>,
  columns: readonly string[],
): AsyncGenerator<SpreadsheetRow[]> {
  for (let skip = 0; ; skip += EXPORT_PAGE_SIZE) {
    const hits = await index.search(deps.db, viewer, { ...query, skip, take: EXPORT_PAGE_SIZE });
    const rows = await findVisibleDocuments(deps.db, viewer, hits.ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield hits.ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined) return [];
      const document = presentDocument(row);
      return [{ cells: columns.map((key) => documentCell(document, key)), link: viewerUrl(deps.config.publicUrl, id) }];
    });
    if (hits.ids.length < EXPORT_PAGE_SIZE || skip + EXPORT_PAGE_SIZE >= hits.total) return;
  }
}

/**
 * GET /api/documents/search?q=&tag[]=&sort=&desc=&skip=&take= — full text and tags over what the
 * caller may see; GET /api/documents/search/export?q=&tag[]=&sort=&desc=&format=&columns=&locale=
 * — the whole result as a spreadsheet (issue 40 item 7), streamed page by page, with the same
 * checks and the same visible documents; GET /api/search-tags?q=&tags[]=&skip=&take= — tags to
 * suggest as the user types. All need 'Search: Search'.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const index = createSearchIndex(deps.dialect);
  app.get('/documents/search', { schema: { response: okAnswer(SearchAnswerSchema) } }, async (request): Promise<SearchAnswer> => {
    const viewer = searcherOf(request);
    const query = queryOf(request);
    const { q, skip, take } = pageQuery(query);
    const tags = tagsOf(query);
    const sort = parseSearchSort(query);
    checkNoteTags(viewer, tags);
    // Words match note text only for callers who may read notes; otherwise a hit would tell
    // them what a note says.
    const includeNotes = viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin']);
    const hits = await index.search(deps.db, viewer, { q, skip, take, tags, includeNotes, ...(sort === undefined ? {} : { sort }) });
    // The page's documents and their snippets side by side: snippets only for this page's ids,
    // which the search above already filtered by access, and kept only for documents still there.
    const [rows, found] = await Promise.all([findVisibleDocuments(deps.db, viewer, hits.ids), index.snippets(deps.db, hits.ids, q)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const documents = hits.ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [presentDocument(row)];
    });
    const snippets: Record<string, SearchSnippet> = {};
    for (const document of documents) {
      const snippet = found.get(document.id);
      if (snippet !== undefined) snippets[String(document.id)] = snippet;
    }
    return { documents, snippets, total: hits.total, skip, take };
  });

  app.get('/documents/search/export', async (request, reply) => {
    const viewer = searcherOf(request);
    const query = queryOf(request);
    const q = queryString(query, 'q') ?? '';
    if (q.length > MAX_SEARCH_QUERY_LENGTH) throw badRequest(`q is limited to ${MAX_SEARCH_QUERY_LENGTH} characters.`);
    const tags = tagsOf(query);
    const sort = parseSearchSort(query);
    checkNoteTags(viewer, tags);
    const spreadsheet = parseSpreadsheetQuery(
      query,
      EXPORT_COLUMNS.map((column) => column.key),
      DEFAULT_EXPORT_COLUMNS,
    );
    const includeNotes = viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin']);
    const columns = spreadsheet.columns.flatMap((key) => EXPORT_COLUMNS.filter((column) => column.key === key));
    return sendSpreadsheet(request, reply, {
      baseName: q.trim() === '' ? 'Search results' : `Search results - ${q.trim().slice(0, 60)}`,
      format: spreadsheet.format,
      locale: spreadsheet.locale,
      sheet: {
        sheetName: 'Search results',
        columns: columns.map(({ title, width }) => ({ title, width })),
        linkTitle: 'Document link',
        pages: searchExportPages(
          deps,
          index,
          viewer,
          { q, tags, includeNotes, ...(sort === undefined ? {} : { sort }) },
          spreadsheet.columns,
        ),
      },
    });
  });

  app.get('/search-tags', { schema: { response: okAnswer(SearchTagListAnswer) } }, async (request): Promise<SearchTag[]> => {
    const viewer = searcherOf(request);
    const query = queryOf(request);
    const { q, skip, take } = pageQuery(query);
    const tags = tagsOf(query);
    checkNoteTags(viewer, tags);
    return suggestSearchTags(deps.db, deps.dialect, viewer, { q, skip, take, tags });
  });
}
