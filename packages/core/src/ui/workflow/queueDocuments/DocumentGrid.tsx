import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import {
  Button,
  Menu,
  MenuDivider,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
  type MenuCheckedValueChangeData,
} from '@fluentui/react-components';
import { ArrowSortRegular } from '@fluentui/react-icons/svg/arrow-sort';
import { ArrowSortDownRegular } from '@fluentui/react-icons/svg/arrow-sort-down';
import { ArrowSortUpRegular } from '@fluentui/react-icons/svg/arrow-sort-up';
import type { DmsDocument } from '../../../model';
import type { SelectionStore } from '../../../state';
import { useLocaleFormats } from '../../locale/useLocaleFormats';
import { cellMarkers, cellText, type GridColumn } from './documentColumns';
import { DecisionMarker } from './DecisionMarker';
import { PossibleDuplicateMarker } from '../../duplicates/PossibleDuplicateMarker';
import { RejectionMarker } from '../rejection/RejectionMarker';
import { UI_TEXT } from '../../../locale/uiText';

/** Rows from the bottom at which scrolling asks for the next page. */
const LOAD_MORE_THRESHOLD_PX = 120;
/** Narrowest column a drag or the arrow keys can make. */
const MIN_WIDTH = 40;
/** How much one arrow key press resizes a column. */
const RESIZE_STEP = 10;

const useStyles = makeStyles({
  scroller: { flexGrow: 1, minHeight: 0, overflow: 'auto' },
  table: { tableLayout: 'fixed' },
  // Columns wider than the list together: the browser shares the width out by the columns' shares
  // and never makes one narrower than its longest word, and cells wrap instead of cutting text.
  fitTable: { tableLayout: 'auto' },
  fitCell: { whiteSpace: 'normal', overflowWrap: 'normal' },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  headerCell: { position: 'relative', overflow: 'hidden' },
  sortButton: { minWidth: 0, padding: 0, fontWeight: tokens.fontWeightSemibold, justifyContent: 'flex-start', maxWidth: '100%' },
  headerText: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  resizer: {
    position: 'absolute',
    top: 0,
    right: 0,
    bottom: 0,
    width: '6px',
    cursor: 'col-resize',
    touchAction: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralStroke1 },
    ':focus-visible': { backgroundColor: tokens.colorStrokeFocus2, outline: 'none' },
  },
  row: { cursor: 'default', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' } },
  selected: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  cell: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // A cell with a marker wraps between value and marker (never inside the value: it is one nowrap run).
  markedCell: { whiteSpace: 'normal' },
  value: { whiteSpace: 'nowrap', marginRight: tokens.spacingHorizontalXS },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  // Stacked rows (narrow windows, the Fluent DataGrid reflow story): one block per document, each
  // field on a line of its own under the name, no header row (the "Sorted by" menu sorts).
  stackedScroller: { overflowX: 'hidden' },
  stackedTable: { display: 'block', width: '100%', minWidth: 0 },
  stackedBlock: { display: 'block' },
  stackedRow: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    height: 'auto',
  },
  stackedCell: { display: 'block', height: 'auto', minHeight: 0, padding: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' },
  stackedName: { fontWeight: tokens.fontWeightSemibold },
  stackedLabel: { color: tokens.colorNeutralForeground3 },
  sortBar: {
    display: 'flex',
    justifyContent: 'flex-end',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Props of DocumentGrid. */
export interface DocumentGridProps {
  /** The grid's accessible name: "{queue name} documents". */
  label: string;
  columns: readonly GridColumn[];
  documents: readonly DmsDocument[];
  /** The selected ids (a snapshot of `selection`). */
  selectedIds: readonly number[];
  selection: SelectionStore;
  /** The server sort in use. */
  sort: { key: string; desc: boolean } | null;
  onSort(column: GridColumn): void;
  onResize(key: string, width: number): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  /** Rows stack (narrow windows): the header row gives way to a "Sorted by" menu. */
  stacked?: boolean;
  /** The "Sorted by" menu's choice: a column and a direction. */
  onSortChange?(column: GridColumn, desc: boolean): void;
  /** A row was opened (a plain click or tap, Enter): the phone layout goes on to the document step. */
  onOpen?(docId: number): void;
}

/** The inner width of an element, live (ResizeObserver); null where it cannot be measured (no observer, not laid out). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = (): void => setWidth(element.clientWidth > 0 ? element.clientWidth : null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The queue's documents as a grid (role=grid, one row per document, the name in the first cell):
 * ArrowUp/ArrowDown move the focus, Space toggles the focused row's selection, Shift+Arrow
 * extends it, Enter selects only the focused row, Home/End jump, Ctrl+A selects every loaded row;
 * click selects one, Ctrl+click toggles, Shift+click selects a range. Selection goes through the
 * SelectionStore, which never holds a document twice. Scrolling near the end (or moving past the
 * last row) loads the next page. Sortable headers sort on the server; column edges resize.
 * Stacked (narrow windows) each row is a block with a line per field and a "Sorted by" menu
 * takes the header's place; the keys and the selection stay the same. When the columns' widths
 * add up to more than the list has (the list beside the document at 1280 px), each column gets
 * its share of the list's width instead and cells wrap, so no column lies off-screen and no value
 * is cut; the widths still set the shares, so resizing still works.
 */
export function DocumentGrid(props: DocumentGridProps): ReactElement {
  const {
    label,
    columns,
    documents,
    selectedIds,
    selection,
    sort,
    onSort,
    onResize,
    hasMore,
    loadingMore,
    onLoadMore,
    stacked = false,
    onSortChange,
    onOpen,
  } = props;
  const styles = useStyles();
  const formats = useLocaleFormats();
  const [focusIndex, setFocusIndex] = useState(0);
  const [anchor, setAnchor] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const pendingFocus = useRef<number | null>(null);
  const lastCount = documents.length;

  // Keep the roving focus inside the list when rows leave (after an action) or a new list arrives.
  useEffect(() => {
    if (focusIndex >= lastCount && lastCount > 0) setFocusIndex(lastCount - 1);
  }, [focusIndex, lastCount]);

  // Follow a single selection made elsewhere (next document after an action) with the roving focus.
  const single = selectedIds.length === 1 ? selectedIds[0] : null;
  useEffect(() => {
    if (single === null) return;
    const index = documents.findIndex((doc) => doc.id === single);
    if (index >= 0) setFocusIndex(index);
  }, [single, documents]);

  // Move DOM focus once the row a key asked for exists (it may come with the next page).
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null || wanted >= documents.length) return;
    pendingFocus.current = null;
    rowRefs.current[wanted]?.focus();
  });

  const focusRow = (index: number): void => {
    setFocusIndex(index);
    pendingFocus.current = index;
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number): void => {
    const doc = documents[index];
    if (!doc) return;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const target = index + step;
        if (target >= documents.length) {
          if (hasMore) {
            onLoadMore();
            pendingFocus.current = target;
          }
          break;
        }
        if (target < 0) break;
        if (event.shiftKey) selection.select([doc.id, documents[target].id]);
        else setAnchor(target);
        focusRow(target);
        break;
      }
      case 'Home':
      case 'End':
        focusRow(event.key === 'Home' ? 0 : documents.length - 1);
        break;
      case ' ':
        selection.toggle(doc.id);
        setAnchor(index);
        break;
      case 'Enter':
        selection.set([doc.id]);
        setAnchor(index);
        onOpen?.(doc.id);
        break;
      case 'a':
      case 'A':
        if (event.ctrlKey || event.metaKey) selection.select(documents.map((item) => item.id));
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, index: number): void => {
    const doc = documents[index];
    if (event.shiftKey) {
      const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
      selection.set(documents.slice(from, to + 1).map((item) => item.id));
    } else if (event.ctrlKey || event.metaKey) {
      selection.toggle(doc.id);
      setAnchor(index);
    } else {
      selection.set([doc.id]);
      setAnchor(index);
      onOpen?.(doc.id);
    }
    setFocusIndex(index);
  };

  const onScroll = (event: { currentTarget: HTMLDivElement }): void => {
    const element = event.currentTarget;
    if (hasMore && !loadingMore && element.scrollTop + element.clientHeight >= element.scrollHeight - LOAD_MORE_THRESHOLD_PX) onLoadMore();
  };

  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const available = useElementWidth(scrollerRef);
  const fit = !stacked && available !== null && totalWidth > available;
  const columnWidth = (column: GridColumn): string => (fit ? `${((column.width / totalWidth) * 100).toFixed(3)}%` : `${column.width}px`);

  return (
    <div className={mergeClasses(styles.scroller, stacked && styles.stackedScroller)} onScroll={onScroll} ref={scrollerRef}>
      {stacked ? <SortedByMenu columns={columns} sort={sort} onSortChange={onSortChange} className={styles.sortBar} /> : null}
      <Table
        role="grid"
        aria-label={label}
        aria-multiselectable="true"
        size="small"
        className={stacked ? styles.stackedTable : mergeClasses(styles.table, fit && styles.fitTable)}
        data-fit={fit ? 'shares' : undefined}
        style={stacked ? undefined : { width: '100%', minWidth: `${Math.min(totalWidth, 320)}px` }}
      >
        <TableHeader className={styles.header} style={stacked ? { display: 'none' } : undefined}>
          <TableRow>
            {columns.map((column) => {
              const active = sort !== null && sort.key === column.key;
              return (
                <TableHeaderCell
                  key={column.key}
                  className={styles.headerCell}
                  style={{ width: columnWidth(column) }}
                  aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  {column.sort ? (
                    <Button
                      appearance="transparent"
                      size="small"
                      className={styles.sortButton}
                      icon={active ? sort.desc ? <ArrowSortDownRegular /> : <ArrowSortUpRegular /> : undefined}
                      iconPosition="after"
                      onClick={() => onSort(column)}
                    >
                      {column.title}
                    </Button>
                  ) : (
                    <span className={styles.headerText}>{column.title}</span>
                  )}
                  <ColumnResizer
                    title={column.title}
                    width={column.width}
                    onResize={(width) => onResize(column.key, width)}
                    className={styles.resizer}
                  />
                </TableHeaderCell>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody className={stacked ? styles.stackedBlock : undefined}>
          {documents.map((doc, index) => {
            const isSelected = selectedIds.includes(doc.id);
            return (
              <TableRow
                key={doc.id}
                ref={(element: HTMLTableRowElement | null) => {
                  rowRefs.current[index] = element;
                }}
                className={mergeClasses(styles.row, stacked && styles.stackedRow, isSelected && styles.selected)}
                aria-selected={isSelected}
                aria-rowindex={index + 2}
                tabIndex={index === Math.min(focusIndex, documents.length - 1) ? 0 : -1}
                onKeyDown={(event: KeyboardEvent<HTMLTableRowElement>) => onRowKeyDown(event, index)}
                onClick={(event: MouseEvent<HTMLTableRowElement>) => onRowClick(event, index)}
                onFocus={() => setFocusIndex(index)}
              >
                {columns.map((column, columnIndex) => {
                  const text = cellText(doc, column.field, formats);
                  const markers = cellMarkers(doc, column.field, formats);
                  if (stacked) {
                    // The name leads the block; every other field says what it is, and an empty one takes no line.
                    if (columnIndex > 0 && text === '' && markers.length === 0) return null;
                    return (
                      <TableCell
                        key={column.key}
                        role="gridcell"
                        className={mergeClasses(styles.stackedCell, columnIndex === 0 && styles.stackedName)}
                      >
                        {columnIndex > 0 ? <span className={styles.stackedLabel}>{column.title}: </span> : null}
                        {markers.map((marker) => (
                          <DecisionMarker key={marker.kind} marker={marker} />
                        ))}
                        {text}
                        {columnIndex === 0 ? <PossibleDuplicateMarker duplicates={doc.possibleDuplicates ?? []} /> : null}
                        {columnIndex === 0 ? <RejectionMarker rejection={doc.rejection} /> : null}
                      </TableCell>
                    );
                  }
                  // The value comes first and a marker follows it on a line of its own when the
                  // column is narrow, so "Overdue" never hides the date it qualifies.
                  return (
                    <TableCell
                      key={column.key}
                      role="gridcell"
                      className={mergeClasses(styles.cell, markers.length > 0 && styles.markedCell, fit && styles.fitCell)}
                      title={[text, ...markers.map((marker) => marker.text)].filter((part) => part !== '').join(' ')}
                    >
                      {markers.length > 0 ? <span className={styles.value}>{text}</span> : text}
                      {markers.map((marker) => (
                        <DecisionMarker key={marker.kind} marker={marker} after />
                      ))}
                      {/* Issue 35: "Possible duplicate of …" on a line of its own under the name. */}
                      {columnIndex === 0 ? <PossibleDuplicateMarker duplicates={doc.possibleDuplicates ?? []} /> : null}
                      {/* Issue 38: in Rejected, why — on a line of its own under the name. */}
                      {columnIndex === 0 ? <RejectionMarker rejection={doc.rejection} /> : null}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {hasMore ? (
        <div className={styles.more}>
          <Button appearance="subtle" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? UI_TEXT.loadingMore : UI_TEXT.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A column edge that resizes by pointer drag or the arrow keys. */
function ColumnResizer({
  title,
  width,
  onResize,
  className,
}: {
  title: string;
  width: number;
  onResize(width: number): void;
  className: string;
}): ReactElement {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>): void => {
    event.preventDefault();
    event.stopPropagation();
    drag.current = { startX: event.clientX, startWidth: width };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>): void => {
    if (!drag.current) return;
    onResize(Math.max(MIN_WIDTH, Math.round(drag.current.startWidth + event.clientX - drag.current.startX)));
  };
  const onPointerUp = (): void => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>): void => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    onResize(Math.max(MIN_WIDTH, width + (event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP)));
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={UI_TEXT.workflow.resizeColumn(title)}
      aria-valuenow={width}
      aria-valuemin={MIN_WIDTH}
      tabIndex={0}
      className={className}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** The sort of stacked rows, which have no header: "Sorted by {column}" with the sortable columns and the direction. */
function SortedByMenu({
  columns,
  sort,
  onSortChange,
  className,
}: {
  columns: readonly GridColumn[];
  sort: { key: string; desc: boolean } | null;
  onSortChange?(column: GridColumn, desc: boolean): void;
  className: string;
}): ReactElement | null {
  const sortable = columns.filter((column) => column.sort !== null);
  if (sortable.length === 0 || !onSortChange) return null;
  const current = sort === null ? undefined : sortable.find((column) => column.key === sort.key);
  const onChange = (_event: unknown, data: MenuCheckedValueChangeData): void => {
    const picked = data.name === 'column' ? sortable.find((column) => column.key === data.checkedItems[0]) : current;
    if (!picked) return;
    const desc =
      data.name === 'direction'
        ? data.checkedItems[0] === 'desc'
        : current?.key === picked.key
          ? (sort?.desc ?? picked.firstDesc)
          : picked.firstDesc;
    onSortChange(picked, desc);
  };
  return (
    <div className={className}>
      <Menu
        checkedValues={{ column: current ? [current.key] : [], direction: current ? [sort?.desc ? 'desc' : 'asc'] : [] }}
        onCheckedValueChange={onChange}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<ArrowSortRegular />}>
            {UI_TEXT.workflow.sortedBy(current?.title ?? null)}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList aria-label={UI_TEXT.workflow.sortMenu}>
            {sortable.map((column) => (
              <MenuItemRadio key={column.key} name="column" value={column.key}>
                {column.title}
              </MenuItemRadio>
            ))}
            <MenuDivider />
            <MenuItemRadio name="direction" value="asc" disabled={!current}>
              {UI_TEXT.workflow.sortAscending}
            </MenuItemRadio>
            <MenuItemRadio name="direction" value="desc" disabled={!current}>
              {UI_TEXT.workflow.sortDescending}
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}
