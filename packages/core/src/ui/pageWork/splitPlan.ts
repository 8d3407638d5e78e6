import type { RecombinationPart } from '../../api';
import type { ActionAvailability } from '../../rules';
import { allowAction, blockAction, formatPageSpans, otherUserLockAvailability, pageSpansOf } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import type { DmsDocument, DocumentAccess } from '../../model';

/** Ours: the reason on Split for a document the server cannot split (one page, or not a PDF/TIFF). */
export const NOT_SPLITTABLE_TEXT = MESSAGES.notSplittable;

/**
 * Whether Split is offered for a document (spec §5): the access flag `split`, no live lock of
 * another user (core otherUserLockAvailability), and a file with more than one page.
 */
export function splitAvailability(
  document: Pick<DmsDocument, 'userLock' | 'splittable' | 'totalPages'>,
  access: Pick<DocumentAccess, 'split'>,
): ActionAvailability {
  if (!access.split) return blockAction('notPermitted', MESSAGES.actionNotPermitted);
  const lock = otherUserLockAvailability('split', [document]);
  if (!lock.allowed) return lock;
  if (!document.splittable || document.totalPages < 2) return blockAction('notPermitted', NOT_SPLITTABLE_TEXT);
  return allowAction();
}

/** Every page its own document: [[1], [2], …]. */
export function everyPageGroups(pageCount: number): number[][] {
  return Array.from({ length: pageCount }, (_, index) => [index + 1]);
}

/** Groups of `size` pages in order, the last one shorter when the count does not divide: 5 pages by 2 → [[1,2],[3,4],[5]]. */
export function everyNPagesGroups(pageCount: number, size: number): number[][] {
  const step = Math.max(1, Math.floor(size));
  const groups: number[][] = [];
  for (let first = 1; first <= pageCount; first += step) {
    groups.push(Array.from({ length: Math.min(step, pageCount - first + 1) }, (_, index) => first + index));
  }
  return groups;
}

/** Groups cut after each break page (a break after page 2 of 6 → [[1,2],[3,4,5,6]]); breaks outside 1…n−1 are ignored. */
export function groupsFromBreaks(pageCount: number, breaks: Iterable<number>): number[][] {
  const cuts = [...new Set(breaks)].filter((page) => Number.isInteger(page) && page >= 1 && page < pageCount).sort((a, b) => a - b);
  const groups: number[][] = [];
  let first = 1;
  for (const cut of [...cuts, pageCount]) {
    groups.push(Array.from({ length: cut - first + 1 }, (_, index) => first + index));
    first = cut + 1;
  }
  return pageCount < 1 ? [] : groups;
}

/** The split endpoint's `ranges` text of groups: [[1,2,3],[4],[5,7]] → '1-3;4;5,7'. */
export function rangesTextOf(groups: readonly (readonly number[])[]): string {
  return groups.map((pages) => formatPageSpans(pageSpansOf(pages))).join(';');
}

/** One group's pages as the user reads them: '1-3, 5'. */
export function pagesLabelOf(pages: readonly number[]): string {
  return formatPageSpans(pageSpansOf(pages)).replace(/,/g, ', ');
}

/**
 * The recombination parts of one new document: its pages in order, cut into runs of ascending
 * consecutive pages of the source ([3,4,1,2,6] → 3-4, 1-2, 6), as the endpoint takes them.
 */
export function partsOf(documentId: number, pages: readonly number[]): RecombinationPart[] {
  return pageSpansOf(pages).map((span) => ({ documentId, firstPage: span.first, lastPage: span.last }));
}
