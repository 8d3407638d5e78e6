import { Store } from './Store';

/** Selected document ids, in selection order; `single` is the id when exactly one is selected (spec §4 "Selection"). */
export interface SelectionSnapshot {
  ids: readonly number[];
  single: number | null;
}

const EMPTY: SelectionSnapshot = { ids: [], single: null };

function snapshotOf(ids: readonly number[]): SelectionSnapshot {
  if (ids.length === 0) return EMPTY;
  return { ids, single: ids.length === 1 ? ids[0] : null };
}

/** The selected documents of one screen. Selecting adds without duplicates. */
export class SelectionStore extends Store<SelectionSnapshot> {
  constructor(initial: readonly number[] = []) {
    super(snapshotOf([...new Set(initial)]));
  }

  /** Adds documents to the selection, skipping those already selected. */
  select(ids: number | readonly number[]): void {
    const current = this.getSnapshot().ids;
    const added = (typeof ids === 'number' ? [ids] : ids).filter((id, index, all) => !current.includes(id) && all.indexOf(id) === index);
    if (added.length > 0) this.setSnapshot(snapshotOf([...current, ...added]));
  }

  /** Replaces the selection (e.g. a plain click selects only that document). */
  set(ids: readonly number[]): void {
    const next = [...new Set(ids)];
    const current = this.getSnapshot().ids;
    if (next.length === current.length && next.every((id, i) => id === current[i])) return;
    this.setSnapshot(snapshotOf(next));
  }

  /** Removes documents from the selection. */
  deselect(ids: number | readonly number[]): void {
    const drop = typeof ids === 'number' ? [ids] : ids;
    const current = this.getSnapshot().ids;
    const next = current.filter((id) => !drop.includes(id));
    if (next.length !== current.length) this.setSnapshot(snapshotOf(next));
  }

  /** Selects a document if it is not selected, deselects it otherwise (ctrl-click). */
  toggle(id: number): void {
    if (this.isSelected(id)) this.deselect(id);
    else this.select(id);
  }

  /** Empties the selection. */
  clear(): void {
    this.setSnapshot(EMPTY);
  }

  /**
   * Moves a single selection to the next document in sorted order, wrapping to the first
   * (spec §4). With nothing selected, or a selection not in the list, the first is selected.
   */
  selectNext(sortedIds: readonly number[]): void {
    if (sortedIds.length === 0) return;
    const { ids } = this.getSnapshot();
    const last = ids.length > 0 ? ids[ids.length - 1] : undefined;
    const index = last === undefined ? -1 : sortedIds.indexOf(last);
    this.set([sortedIds[(index + 1) % sortedIds.length]]);
  }

  /** Selects the document before the first selected one in `sortedIds`, wrapping to the last (the mirror of selectNext). */
  selectPrevious(sortedIds: readonly number[]): void {
    if (sortedIds.length === 0) return;
    const { ids } = this.getSnapshot();
    const first = ids.length > 0 ? ids[0] : undefined;
    const index = first === undefined ? sortedIds.length : sortedIds.indexOf(first);
    const from = index < 0 ? sortedIds.length : index;
    this.set([sortedIds[(from - 1 + sortedIds.length) % sortedIds.length]]);
  }

  /** Whether a document is selected. */
  isSelected(id: number): boolean {
    return this.getSnapshot().ids.includes(id);
  }
}
