/** The verb of a change another user made (a live change's kind, GET /api/events), as the bar starts it ("Approved"). */
const DONE: Readonly<Record<string, string>> = {
  approve: 'Approved',
  reject: 'Rejected',
  route: 'Routed',
  submit: 'Submitted',
  delete: 'Deleted',
};

/** Live updates (issue 38): what a screen says of a document someone else just acted on. */
export const LIVE_TEXT = {
  /**
   * The bar over a document another user just moved, instead of a refusal on click: "Approved by
   * Alex Clerk a moment ago"; "by another user" when their name is not known.
   */
  actedOnBy: (kind: string, name: string): string => `${DONE[kind] ?? 'Changed'} by ${name === '' ? 'another user' : name} a moment ago`,
  /** The same, with the document's name first: "PI-1003.pdf: approved by Alex Clerk a moment ago". */
  actedOnNamedBy: (documentName: string, kind: string, name: string): string =>
    `${documentName}: ${(DONE[kind] ?? 'Changed').toLowerCase()} by ${name === '' ? 'another user' : name} a moment ago`,
  dismissActedOn: 'Dismiss',
  /** The bar's way on to the document after the one acted on. */
  nextDocument: 'Next document',
  /** The bar's way to read the list and the document again. */
  reload: 'Reload',
  /** Under the spec's 'Document Queue Out Of Sync With Window' when nobody's change is known: the window was refreshed. */
  outOfSyncRefreshed: 'Someone else changed this document since the list was read; the list now shows the queue as it is.',
  /** A disabled action's reason after the out-of-sync refusal, until the list reads the document again. */
  outOfSyncReason: 'Changed by someone else since the list was read.',
} as const;
