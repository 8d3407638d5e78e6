import { isQuickLinkQueueType, quickLinkFailed, quickLinkSetupComplete } from './quickLink';

describe('Quick Link rules', () => {
  it('knows the quick-link queue type by its name, in any case', () => {
    expect(isQuickLinkQueueType('Quick Link')).toBe(true);
    expect(isQuickLinkQueueType(' quick link ')).toBe(true);
    expect(isQuickLinkQueueType('AP Invoices')).toBe(false);
    expect(isQuickLinkQueueType(null)).toBe(false);
  });

  it('calls the setup complete only with LinkOnApprovalRequired and an approve-to queue', () => {
    expect(quickLinkSetupComplete({ linkOnApprovalRequired: true, approveToQueueId: 4 })).toBe(true);
    expect(quickLinkSetupComplete({ linkOnApprovalRequired: false, approveToQueueId: 4 })).toBe(false);
    expect(quickLinkSetupComplete({ linkOnApprovalRequired: true, approveToQueueId: null })).toBe(false);
  });

  it("words the quick-link failure after the spec's first words", () => {
    expect(quickLinkFailed('PI-9999', 'Purchase Invoice')).toBe(
      'Link failed, since record ID: PI-9999 was not found among the Purchase Invoice records of the ERP. Check the number, or find the record with Link to Existing.',
    );
  });
});
