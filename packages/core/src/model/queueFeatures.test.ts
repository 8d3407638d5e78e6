import { FEATURES1, FEATURES2 } from './bitSet';
import { decodeQueueFeatures, hasQueueFeature } from './queueFeatures';

describe('decodeQueueFeatures', () => {
  it('decodes features1 and features2 into one map of named features', () => {
    const features = decodeQueueFeatures(FEATURES1.OptInWorkflow | FEATURES1.BlockRouteUnlinked, FEATURES2.LinkOnApprovalRequired);
    expect(
      Object.entries(features)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['BlockRouteUnlinked', 'LinkOnApprovalRequired', 'OptInWorkflow']);
    expect(Object.keys(features)).toHaveLength(Object.keys(FEATURES1).length + Object.keys(FEATURES2).length);
  });

  it('reads the sign bit of features1 as EditRoutedForApprovalDocuments', () => {
    const features = decodeQueueFeatures(FEATURES1.EditRoutedForApprovalDocuments, 0);
    expect(features.EditRoutedForApprovalDocuments).toBe(true);
    expect(features.WorkflowSkipOnAutoroute).toBe(false);
  });

  it('does not read a features2 bit as the features1 flag of the same value', () => {
    const features = decodeQueueFeatures(0, FEATURES2.LaunchRecordAfterDocumentLink);
    expect(features.LaunchRecordAfterDocumentLink).toBe(true);
    expect(features.SmartQueue).toBe(false);
  });
});

describe('hasQueueFeature', () => {
  it('answers for one named feature, false without a queue', () => {
    const queue = { features1: FEATURES1.BlockApproveFromQueue, features2: FEATURES2.RestrictToDataAreaId };
    expect(hasQueueFeature(queue, 'BlockApproveFromQueue')).toBe(true);
    expect(hasQueueFeature(queue, 'RestrictToDataAreaId')).toBe(true);
    expect(hasQueueFeature(queue, 'BlockApproveUnlinked')).toBe(false);
    expect(hasQueueFeature(null, 'BlockApproveFromQueue')).toBe(false);
  });
});
