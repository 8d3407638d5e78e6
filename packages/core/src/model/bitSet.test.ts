import { FEATURES1, FEATURES2, WORKFLOW_PERMS, decodeBits, encodeBits } from './bitSet';

describe('bit sets', () => {
  it('decodes the workflow permission bitmask into booleans', () => {
    const perms = decodeBits(WORKFLOW_PERMS, 2 + 128 + 512);
    expect(perms).toEqual({
      accessDocs: true,
      searchWithin: false,
      viewDocsWithin: false,
      editDocData: false,
      editDocLinkingData: false,
      otherMaintenance: false,
      route: true,
      reject: false,
      approve: true,
      receiveNotificationsFor: false,
    });
  });

  it('round-trips every single flag of every table', () => {
    for (const table of [WORKFLOW_PERMS, FEATURES1, FEATURES2]) {
      for (const [name, bit] of Object.entries(table)) {
        const flags = decodeBits(table, bit);
        expect(
          Object.entries(flags)
            .filter(([, on]) => on)
            .map(([n]) => n),
        ).toEqual([name]);
        expect(encodeBits(table, { [name]: true })).toBe(bit);
      }
    }
  });

  it('treats the sign bit of features1 as EditRoutedForApprovalDocuments', () => {
    const value = FEATURES1.EditRoutedForApprovalDocuments | FEATURES1.SmartQueue;
    expect(value).toBeLessThan(0);
    const flags = decodeBits(FEATURES1, value);
    expect(flags.EditRoutedForApprovalDocuments).toBe(true);
    expect(flags.SmartQueue).toBe(true);
    expect(flags.OptInWorkflow).toBe(false);
    expect(encodeBits(FEATURES1, flags)).toBe(value);
  });

  it('has the spec values for a sample of flags', () => {
    expect(FEATURES1.BlockApproveFromQueue).toBe(16777216);
    expect(FEATURES1.RouteFromNoteRequired).toBe(32);
    expect(FEATURES2.RestrictToDataAreaId).toBe(4);
    // Ours (the OnLink event's Approve): the next free bits after the spec's.
    expect([FEATURES2.AutoApproveOnLink, FEATURES2.PromptToApproveOnLink]).toEqual([8, 16]);
    // Ours (the spec's IncludeInAutoRoute setting, which has no bit): the next free one.
    expect(FEATURES2.IncludeInAutoRoute).toBe(32);
    expect(WORKFLOW_PERMS.receiveNotificationsFor).toBe(1024);
  });

  it('decodes 0 to all false', () => {
    expect(Object.values(decodeBits(FEATURES2, 0))).toEqual([false, false, false, false, false, false]);
  });
});
