import { ALL_QUEUE_ACCESS, QUEUE_ACCESS_FLAGS, encodeQueueAccess } from './queueAccessFlags';
import type { QueueAccessFlag } from './queueAccessFlags';
import {
  QUEUE_ACTION_POLICY,
  READ_ONLY_QUEUE_FLAGS,
  WRITE_QUEUE_FLAGS,
  grantsAnyWrite,
  queueActionAllowed,
  queueActionRefusal,
} from './queueActionPolicy';
import type { QueueAction } from './queueActionPolicy';

const ACTIONS = Object.keys(QUEUE_ACTION_POLICY) as QueueAction[];
const FOLLOWER = encodeQueueAccess(READ_ONLY_QUEUE_FLAGS);

describe('the queue policy (issue 35: membership semantics in one place)', () => {
  it('splits the 28 flags into five read-only ones and 23 that act', () => {
    expect(READ_ONLY_QUEUE_FLAGS).toEqual([
      'BrowseToQueue',
      'AccessDocumentWithin',
      'SearchWithin',
      'ViewDocumentsWithin',
      'ReceiveNotificationsFor',
    ]);
    expect(WRITE_QUEUE_FLAGS).toHaveLength(23);
    expect(WRITE_QUEUE_FLAGS.some((flag) => READ_ONLY_QUEUE_FLAGS.includes(flag))).toBe(false);
  });

  it('never grants an action to browse / read flags: a follower of the queue may do nothing, whatever the action', () => {
    for (const action of ACTIONS) {
      expect([action, queueActionAllowed(action, FOLLOWER)]).toEqual([action, false]);
      const rule = QUEUE_ACTION_POLICY[action];
      // Every rule needs at least one flag that acts: by `allOf`, or by an `anyOf` of acting flags only.
      const actsByAll = rule.allOf.some((flag) => WRITE_QUEUE_FLAGS.includes(flag));
      const actsByAny = rule.anyOf.length > 0 && rule.anyOf.every((flag) => WRITE_QUEUE_FLAGS.includes(flag));
      expect([action, actsByAll || actsByAny]).toEqual([action, true]);
    }
  });

  it('grants every action to a full member, and each action to exactly the flags its row names', () => {
    for (const action of ACTIONS) expect(queueActionAllowed(action, ALL_QUEUE_ACCESS)).toBe(true);
    const only = (...flags: QueueAccessFlag[]): number => encodeQueueAccess(flags);
    expect(queueActionAllowed('import', only('AccessDocumentWithin', 'Paste'))).toBe(true);
    expect(queueActionAllowed('import', only('AccessDocumentWithin', 'Route', 'Approve'))).toBe(false);
    expect(queueActionAllowed('submit', only('Route'))).toBe(true);
    expect(queueActionAllowed('submit', only('ChangeDescription', 'Approve'))).toBe(false);
    expect(queueActionAllowed('approve', only('Approve'))).toBe(true);
    expect(queueActionAllowed('approve', ALL_QUEUE_ACCESS & ~QUEUE_ACCESS_FLAGS.Approve)).toBe(false);
    expect(queueActionAllowed('splitAdvanced', only('Split'))).toBe(false);
    expect(queueActionAllowed('splitAdvanced', only('Split', 'SplitAdvanced'))).toBe(true);
  });

  it('custom data follows the workflowPerms editDocData flags, as GET /readonly answers', () => {
    for (const flag of ['ChangeDescription', 'ChangeUserString1', 'ChangeUserDate1', 'ChangeAnnotations', 'ChangeSubtype'] as const) {
      expect(queueActionAllowed('editCustomData', encodeQueueAccess([flag]))).toBe(true);
    }
    expect(queueActionAllowed('editCustomData', encodeQueueAccess(['LinkDocument', 'Route', 'Approve']))).toBe(false);
  });

  it('a lock needs AccessDocumentWithin and some flag that acts', () => {
    expect(queueActionAllowed('lock', encodeQueueAccess(['AccessDocumentWithin', 'Approve']))).toBe(true);
    expect(queueActionAllowed('lock', encodeQueueAccess(['AccessDocumentWithin', 'ReceiveNotificationsFor']))).toBe(false);
    expect(queueActionAllowed('lock', encodeQueueAccess(['BrowseToQueue', 'Approve']))).toBe(false);
  });

  it('refuses in words naming the queue and the flags, and tells a follower that following grants no change', () => {
    expect(queueActionRefusal('editCustomData', 'Approval L2', FOLLOWER)).toBe(
      'Your access to the queue Approval L2 does not allow changing custom data (it needs one of ChangeDescription, ChangeUserString1, ChangeUserDate1, ChangeAnnotations, ChangeSubtype). You follow this queue read-only.',
    );
    expect(queueActionRefusal('import', 'Coding', encodeQueueAccess(['AccessDocumentWithin', 'Route']))).toBe(
      'Your access to the queue Coding does not allow importing documents into it (it needs Paste).',
    );
    expect(grantsAnyWrite(FOLLOWER)).toBe(false);
    expect(grantsAnyWrite(encodeQueueAccess(['Copy']))).toBe(true);
  });

  it('says the same in German, Sie-form, the flag names as the portal names them', () => {
    expect(queueActionRefusal('editCustomData', 'Freigabe L2', FOLLOWER, 'de-DE')).toBe(
      'Ihr Zugriff auf die Warteschlange Freigabe L2 erlaubt es nicht, benutzerdefinierte Daten zu ändern (erforderlich: eines von ChangeDescription, ChangeUserString1, ChangeUserDate1, ChangeAnnotations, ChangeSubtype). Sie folgen dieser Warteschlange nur lesend.',
    );
    expect(queueActionRefusal('splitAdvanced', 'Kontierung', encodeQueueAccess(['Split']), 'de')).toBe(
      'Ihr Zugriff auf die Warteschlange Kontierung erlaubt es nicht, Belege in benannte Teile aufzuteilen (erforderlich: Split und SplitAdvanced).',
    );
    expect(queueActionRefusal('lock', 'Eingang', 0, 'de')).toBe(
      `Ihr Zugriff auf die Warteschlange Eingang erlaubt es nicht, Belege zu sperren (erforderlich: AccessDocumentWithin und ein Recht, mit dem Sie dort handeln dürfen, nicht nur ${READ_ONLY_QUEUE_FLAGS.join(', ')}).`,
    );
    expect(queueActionRefusal('import', 'Coding', FOLLOWER, 'fr-FR')).toBe(queueActionRefusal('import', 'Coding', FOLLOWER));
  });
});
