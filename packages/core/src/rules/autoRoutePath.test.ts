import { FEATURES1, FEATURES2 } from '../model';
import { autoRouteEndsIn, autoRoutePath, noAutoRouteFrom, type AutoRouteQueue } from './autoRoutePath';

const INCLUDE = FEATURES2.IncludeInAutoRoute;
const SKIP = FEATURES1.WorkflowSkipOnAutoroute;

function queue(id: number, name: string, features1: number, features2: number, enabled = true): AutoRouteQueue {
  return { id, name, features1, features2, enabled };
}

// The demo's pipeline: Inbox → Coding (passed over) → Approval L1 → Approval L2; Rejected → Coding.
const QUEUES = new Map<number, AutoRouteQueue>([
  [1, queue(1, 'AP Inbox', 0, 0)],
  [2, queue(2, 'Coding', SKIP, INCLUDE)],
  [3, queue(3, 'Approval L1', 0, INCLUDE)],
  [4, queue(4, 'Approval L2', 0, INCLUDE)],
  [6, queue(6, 'Rejected', 0, 0)],
]);
const ROUTES = [
  { fromQueueId: 1, toQueueId: 2 },
  { fromQueueId: 2, toQueueId: 1 },
  { fromQueueId: 2, toQueueId: 3 },
  { fromQueueId: 3, toQueueId: 4 },
  { fromQueueId: 3, toQueueId: 6 },
  { fromQueueId: 6, toQueueId: 2 },
];

describe('autoRoutePath', () => {
  it('passes the queues set to be skipped and stops at the first one that takes a decision', () => {
    expect(autoRoutePath(1, QUEUES, ROUTES)).toEqual({ ok: true, hops: [2, 3] });
    expect(autoRoutePath(6, QUEUES, ROUTES)).toEqual({ ok: true, hops: [2, 3] });
    expect(autoRoutePath(3, QUEUES, ROUTES)).toEqual({ ok: true, hops: [4] });
  });

  it('refuses in words where no route leads onto the auto-route', () => {
    expect(autoRoutePath(4, QUEUES, ROUTES)).toEqual({ ok: false, message: noAutoRouteFrom('Approval L2') });
  });

  it('does not go to a disabled queue, and says where a path of skipped queues runs out', () => {
    const queues = new Map(QUEUES);
    queues.set(3, queue(3, 'Approval L1', 0, INCLUDE, false));
    expect(autoRoutePath(1, queues, ROUTES)).toEqual({ ok: false, message: autoRouteEndsIn('Coding') });
  });

  it('never walks a loop of skipped queues twice', () => {
    const queues = new Map<number, AutoRouteQueue>([
      [1, queue(1, 'A', SKIP, INCLUDE)],
      [2, queue(2, 'B', SKIP, INCLUDE)],
    ]);
    const loop = [
      { fromQueueId: 1, toQueueId: 2 },
      { fromQueueId: 2, toQueueId: 1 },
    ];
    expect(autoRoutePath(1, queues, loop)).toEqual({ ok: false, message: autoRouteEndsIn('B') });
  });
});
