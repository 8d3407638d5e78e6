/** One new document being put together in the visual split tool: a name and its pages in order. */
export interface PageGroup {
  /** Stable key for React and drag targets (never reused within one screen). */
  key: number;
  name: string;
  pages: readonly number[];
}

/** The groups of the visual split tool plus the next key to hand out. */
export interface PageGroups {
  groups: readonly PageGroup[];
  nextKey: number;
}

/** Where a page goes: a group (by key) and the index it takes there (clamped; the end when past it). */
export interface PageTarget {
  groupKey: number;
  index: number;
}

/** All pages of a document in one group, as the tool starts. */
export function initialPageGroups(pageCount: number): PageGroups {
  return { groups: [{ key: 1, name: '', pages: Array.from({ length: pageCount }, (_, index) => index + 1) }], nextKey: 2 };
}

/** Where a page sits: its group's index and its index in that group, or null. */
export function locatePage(state: PageGroups, page: number): { groupIndex: number; index: number } | null {
  for (let groupIndex = 0; groupIndex < state.groups.length; groupIndex++) {
    const index = state.groups[groupIndex].pages.indexOf(page);
    if (index >= 0) return { groupIndex, index };
  }
  return null;
}

/** Drops groups that hold no page; there is always at least one group left. */
function withoutEmptyGroups(state: PageGroups): PageGroups {
  const groups = state.groups.filter((group) => group.pages.length > 0);
  return groups.length === state.groups.length || groups.length === 0 ? state : { ...state, groups };
}

/**
 * Moves a page to `target`. The index is where it lands in the target group as the user saw
 * it (before the page left), so dropping on the tile right after a page's own place keeps it
 * where it was. Groups left empty disappear. Unknown pages or groups change nothing.
 */
export function movePage(state: PageGroups, page: number, target: PageTarget): PageGroups {
  const from = locatePage(state, page);
  const targetIndex = state.groups.findIndex((group) => group.key === target.groupKey);
  if (from === null || targetIndex < 0) return state;
  let index = Math.max(0, Math.min(target.index, state.groups[targetIndex].pages.length));
  if (from.groupIndex === targetIndex && from.index < index) index -= 1;
  const groups = state.groups.map((group, groupIndex) => {
    let pages = group.pages;
    if (groupIndex === from.groupIndex) pages = pages.filter((other) => other !== page);
    if (groupIndex === targetIndex) pages = [...pages.slice(0, index), page, ...pages.slice(index)];
    return pages === group.pages ? group : { ...group, pages };
  });
  return withoutEmptyGroups({ ...state, groups });
}

/** Moves a page into a new group at the end (the user's "new document"); a page alone in the last group stays put. */
export function movePageToNewGroup(state: PageGroups, page: number): PageGroups {
  const from = locatePage(state, page);
  if (from === null) return state;
  const source = state.groups[from.groupIndex];
  if (source.pages.length === 1 && from.groupIndex === state.groups.length - 1) return state;
  const groups = state.groups.map((group, groupIndex) =>
    groupIndex === from.groupIndex ? { ...group, pages: group.pages.filter((other) => other !== page) } : group,
  );
  return withoutEmptyGroups({ groups: [...groups, { key: state.nextKey, name: '', pages: [page] }], nextKey: state.nextKey + 1 });
}

/**
 * Moves a page one step earlier (-1) or later (+1) in reading order, across group borders: the
 * first page of a group goes to the end of the group before, the last to the start of the one
 * after. At the very start or end nothing changes.
 */
export function stepPage(state: PageGroups, page: number, direction: -1 | 1): PageGroups {
  const from = locatePage(state, page);
  if (from === null) return state;
  const group = state.groups[from.groupIndex];
  const inside = from.index + direction;
  if (inside >= 0 && inside < group.pages.length) {
    return movePage(state, page, { groupKey: group.key, index: direction === 1 ? inside + 1 : inside });
  }
  const neighbour = state.groups[from.groupIndex + direction];
  if (neighbour === undefined) return state;
  return movePage(state, page, { groupKey: neighbour.key, index: direction === 1 ? 0 : neighbour.pages.length });
}

/** Renames a group (the new document's name; blank lets the server choose). */
export function renameGroup(state: PageGroups, groupKey: number, name: string): PageGroups {
  return { ...state, groups: state.groups.map((group) => (group.key === groupKey ? { ...group, name } : group)) };
}

/** Pages in reading order over all groups. */
export function pagesInOrder(state: PageGroups): number[] {
  return state.groups.flatMap((group) => group.pages);
}

/** Whether the groups would change anything: more than one group, or pages out of their original order. */
export function changesDocument(state: PageGroups): boolean {
  if (state.groups.length > 1) return true;
  return state.groups[0]?.pages.some((page, index) => page !== index + 1) ?? false;
}

/**
 * Starts a new document at a page (the N key): the page and the pages after it in its group
 * become a new group right after it. On the first page of a group nothing changes.
 */
export function splitGroupAt(state: PageGroups, page: number): PageGroups {
  const from = locatePage(state, page);
  if (from === null || from.index === 0) return state;
  const group = state.groups[from.groupIndex];
  const head = { ...group, pages: group.pages.slice(0, from.index) };
  const tail = { key: state.nextKey, name: '', pages: group.pages.slice(from.index) };
  const groups = [...state.groups.slice(0, from.groupIndex), head, tail, ...state.groups.slice(from.groupIndex + 1)];
  return { groups, nextKey: state.nextKey + 1 };
}
