import { FEATURES1, type DocumentQueue } from '../model';
import { MESSAGES } from './messages';
import { unsubmittedAvailability } from './submissionRules';

const queue = (features1: number): DocumentQueue => ({ id: 3, name: 'AP Inbox', queueTypeName: 'AP', features1, features2: 0 });
const block = queue(FEATURES1.BlockApproveUnsubmitted);

describe('unsubmittedAvailability', () => {
  it('blocks an unsubmitted document under the Block bit of the action only, with the multi-selection words for several', () => {
    expect(unsubmittedAvailability('approve', [{ queue: block, submitted: false }])).toEqual({
      allowed: false,
      reason: 'submissionRequired',
      message: MESSAGES.documentSubmissionRequired,
    });
    expect(
      unsubmittedAvailability('approve', [
        { queue: block, submitted: true },
        { queue: block, submitted: false },
      ]),
    ).toMatchObject({ message: 'Submitted Documents Required' });
    expect(unsubmittedAvailability('route', [{ queue: block, submitted: false }])).toBeNull();
  });

  it('warns under the Warn bit, and judges nothing for submitted documents or servers that do not report it', () => {
    const warn = queue(FEATURES1.WarnRouteUnsubmitted);
    expect(unsubmittedAvailability('route', [{ queue: warn, submitted: false }])).toEqual({
      allowed: true,
      warning: MESSAGES.unsubmittedDocumentWarning,
    });
    expect(unsubmittedAvailability('route', [{ queue: warn, submitted: true }])).toBeNull();
    expect(unsubmittedAvailability('approve', [{ queue: block }])).toBeNull();
  });
});
