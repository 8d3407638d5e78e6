/** The queue listing's decision data (issue 12): markers, fact states and the due-soon counts of the workflow root. */
export const DECISION_TEXT = {
  /** The due date has passed. */
  overdue: 'Overdue',
  /** Today is the last day of the cash discount. */
  discountEndsToday: 'Discount ends today',
  /** The ERP could not be read at the last try; the facts shown are from `when`. */
  staleSince: (when: string): string => `ERP unreachable: facts from ${when}`,
  /** The ERP could not be read and nothing was read before. */
  staleNever: 'ERP unreachable: facts not read yet',
  /** The facts are being read for the first time. */
  loading: 'Reading from the ERP…',
  /** "2 overdue", beside a queue on the workflow root: documents past their due date (not counted in dueSoon). */
  overdueCount: (count: number): string => `${count} overdue`,
  /** "3 due within 3 days", beside a queue on the workflow root: due today or later, not yet overdue. */
  dueSoon: (count: number, days: number): string => `${count} due within ${days} days`,
  /** The days-in-queue cell: "0 days", "1 day", "12 days". */
  days: (count: number): string => `${count} ${count === 1 ? 'day' : 'days'}`,
} as const;
