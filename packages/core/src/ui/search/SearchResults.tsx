import { useEffect, useRef, type ReactElement } from 'react';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Checkbox,
  Link,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { TagRegular } from '@fluentui/react-icons/svg/tag';
import type { DmsDocument, SearchSnippet } from '../../model';
import { MESSAGES } from '../../locale/messages';
import type { SavedSearchSort } from '../../state/SavedSearchStore';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  table: { tableLayout: 'fixed', width: '100%' },
  selectCell: { width: '40px' },
  wide: { '@media (max-width: 480px)': { display: 'none' } },
  dateColumn: { width: '120px' },
  sizeColumn: { width: '90px' },
  nameLine: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' },
  details: { display: 'block', color: tokens.colorNeutralForeground3 },
  record: { display: 'block', color: tokens.colorNeutralForeground2 },
  snippet: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '& mark': {
      backgroundColor: tokens.colorPaletteYellowBackground2,
      color: tokens.colorNeutralForeground1,
      fontWeight: tokens.fontWeightSemibold,
    },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  pending: { opacity: 0.6 },
  empty: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
});

/** The sortable result columns (API.md `sort`). */
const COLUMNS: readonly { key: SavedSearchSort['key']; title: string }[] = [
  { key: 'name', title: UI_TEXT.search.columns.name },
  { key: 'createdAt', title: UI_TEXT.search.columns.created },
  { key: 'FileSize', title: UI_TEXT.search.columns.size },
];

/** The keys of the columns the results show, in order: what Export writes (GET /documents/search/export `columns`). */
export const SEARCH_EXPORT_COLUMNS: readonly string[] = COLUMNS.map((column) => column.key);

/** Props of SearchResults. */
export interface SearchResultsProps {
  /** Id of the heading that names the table (UX.md: every grid is named by a visible heading). */
  labelledBy: string;
  documents: readonly DmsDocument[];
  /** Where the words matched, by document id: shown under the name with the words highlighted. */
  snippets?: Readonly<Record<string, SearchSnippet>>;
  sort: SavedSearchSort | null;
  onSortChange(sort: SavedSearchSort): void;
  selectedIds: readonly number[];
  onToggleSelected(document: DmsDocument): void;
  onRowClick(document: DmsDocument): void;
  onOpen(document: DmsDocument): void;
  taggingOn: boolean;
  taggedIds: readonly number[];
  /** The rows belong to an older query while the new one runs. */
  stale: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  /** What the empty list says, naming what was searched; the spec's 'No Documents Found' without it. */
  emptyText?: string;
}

/** The record and queue a result belongs to: "Vendor V10000 · Invoice · Queue: AP Approval". */
function recordText(document: DmsDocument): string {
  const record = document.link ? [document.type ?? '', document.link.sourceNumber].filter((part) => part !== '').join(' ') : '';
  return [record, document.subtype?.text ?? '', document.queueName ? UI_TEXT.search.inQueue(document.queueName) : '']
    .filter((part) => part !== '')
    .join(' · ');
}

/** A snippet with its matched words in <mark>. */
function SnippetText({ snippet, className }: { snippet: SearchSnippet; className: string }): ReactElement {
  const parts: ReactElement[] = [];
  let at = 0;
  snippet.highlights.forEach((range, index) => {
    if (range.start > at) parts.push(<span key={`t${index}`}>{snippet.text.slice(at, range.start)}</span>);
    parts.push(<mark key={`m${index}`}>{snippet.text.slice(range.start, range.end)}</mark>);
    at = range.end;
  });
  if (at < snippet.text.length) parts.push(<span key="end">{snippet.text.slice(at)}</span>);
  return (
    <Caption1 className={className} title={snippet.text} data-snippet="">
      {parts}
    </Caption1>
  );
}

/** Whether this browser can tell us when the end of the list scrolls into view. */
function canObserve(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

/**
 * The result rows: sortable Name / Created / Size headers (Created and Size fold into the name
 * line when narrow), a "Select row" checkbox per row, the name opens the document; under it the
 * record, subtype and queue, and the snippet of where the words matched; more rows load
 * when the end of the list scrolls into view, with a 'Load more' button as the fallback.
 */
export function SearchResults(props: SearchResultsProps): ReactElement {
  const { formatDate, formatFileSize } = useLocaleFormats();
  const {
    labelledBy,
    documents,
    snippets,
    sort,
    onSortChange,
    selectedIds,
    onToggleSelected,
    onRowClick,
    onOpen,
    taggingOn,
    taggedIds,
    stale,
    hasMore,
    loadingMore,
    onLoadMore,
    emptyText,
  } = props;
  const styles = useStyles();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || !canObserve()) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, documents.length]);

  const allSelected = documents.length > 0 && documents.every((document) => selectedIds.includes(document.id));
  const sortDirection = (key: SavedSearchSort['key']): 'ascending' | 'descending' | undefined =>
    sort?.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined;

  return (
    <>
      <Table aria-labelledby={labelledBy} sortable size="small" className={mergeClasses(styles.table, stale && styles.pending)}>
        <TableHeader>
          <TableRow>
            {/* Not sortable: a sortable header cell wraps its content in a button, whose children are presentational, so the checkbox would not be announced (axe nested-interactive). */}
            <TableHeaderCell className={styles.selectCell} sortable={false}>
              <Checkbox
                aria-label={UI_TEXT.search.selectAllRows}
                checked={allSelected ? true : selectedIds.some((id) => documents.some((document) => document.id === id)) ? 'mixed' : false}
                onChange={() => {
                  for (const document of documents) if (allSelected || !selectedIds.includes(document.id)) onToggleSelected(document);
                }}
              />
            </TableHeaderCell>
            {COLUMNS.map((column) => (
              <TableHeaderCell
                key={column.key}
                className={
                  column.key === 'name'
                    ? undefined
                    : mergeClasses(styles.wide, column.key === 'createdAt' ? styles.dateColumn : styles.sizeColumn)
                }
                sortDirection={sortDirection(column.key)}
                onClick={() => onSortChange({ key: column.key, desc: sort?.key === column.key ? !sort.desc : column.key !== 'name' })}
              >
                {column.title}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {documents.map((document) => {
            const selected = selectedIds.includes(document.id);
            const tagged = taggedIds.includes(document.id);
            const size = formatFileSize(document.FileSize);
            const date = formatDate(document.createdAt);
            return (
              <TableRow
                key={document.id}
                aria-selected={selected}
                data-document-id={document.id}
                className={selected ? styles.selected : undefined}
                onClick={(event) => {
                  if (event.target instanceof Element && event.target.closest('button, a, input')) return;
                  onRowClick(document);
                }}
              >
                <TableCell className={styles.selectCell}>
                  <Checkbox aria-label={UI_TEXT.search.selectRow} checked={selected} onChange={() => onToggleSelected(document)} />
                </TableCell>
                <TableCell>
                  <span className={styles.nameLine}>
                    <Link
                      as="button"
                      className={styles.name}
                      title={taggingOn ? UI_TEXT.search.tag(document.name) : UI_TEXT.search.openNamed(document.name)}
                      onClick={() => (taggingOn ? onRowClick(document) : onOpen(document))}
                    >
                      {document.name}
                    </Link>
                    {tagged ? (
                      <Badge appearance="tint" size="small" icon={<TagRegular />}>
                        {UI_TEXT.search.tagged}
                      </Badge>
                    ) : null}
                  </span>
                  {recordText(document) !== '' ? <Caption1 className={styles.record}>{recordText(document)}</Caption1> : null}
                  {snippets?.[String(document.id)] ? (
                    <SnippetText snippet={snippets[String(document.id)]} className={styles.snippet} />
                  ) : null}
                  <Caption1 className={styles.details}>
                    {[document.description, size, date].filter((part) => part !== '').join(' · ')}
                  </Caption1>
                </TableCell>
                <TableCell className={styles.wide}>{date}</TableCell>
                <TableCell className={styles.wide}>{size}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {documents.length === 0 && !stale ? (
        <Body1 as="p" className={styles.empty} role="status">
          {emptyText ?? MESSAGES.noDocumentsFound}
        </Body1>
      ) : null}
      {hasMore ? (
        <div ref={sentinel} className={styles.more}>
          {loadingMore ? (
            <Spinner size="tiny" label={UI_TEXT.loadingMore} />
          ) : (
            <Button appearance="secondary" onClick={onLoadMore}>
              {UI_TEXT.loadMore}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
