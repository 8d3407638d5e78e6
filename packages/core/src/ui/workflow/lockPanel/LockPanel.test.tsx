import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, FEATURES1, type DocumentAccess, type DocumentLockInfo, type DocumentQueue } from '../../../model';
import { MESSAGES } from '../../../rules';
import { FakeResponse } from '../../test/FakeResponse';
import { testDocument } from '../../test/renderApp';
import { renderRoute } from '../../test/renderRoute';
import { LockPanel } from './LockPanel';

const QUEUE: DocumentQueue = { id: 12, name: 'Approval L1', queueTypeId: 3, queueTypeName: 'AP Invoices', features1: 0, features2: 0 };

function access(flags: Partial<DocumentAccess>): DocumentAccess {
  const none = Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])) as unknown as DocumentAccess;
  return { ...none, ...flags };
}

function lockInfo(fields: Partial<DocumentLockInfo>): DocumentLockInfo {
  return {
    docId: 7,
    queueId: 12,
    holder: 'clerk',
    ownLock: true,
    acquiredAt: new Date().toISOString(),
    lockExpiration: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...fields,
  };
}

const button = (name: string): HTMLElement => screen.getByRole('button', { name });
const isEnabled = (element: HTMLElement): boolean => element.getAttribute('aria-disabled') !== 'true' && !element.hasAttribute('disabled');

describe('LockPanel', () => {
  afterEach(() => jest.useRealTimers());

  it('locks an unlocked document with its queue and row version, then shows You and the expiry', async () => {
    let locks: DocumentLockInfo[] = [];
    let flags = access({ createLock: true });
    const onChanged = jest.fn();
    const app = renderRoute(
      '/doc',
      '/doc',
      <LockPanel document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE, rowVersion: 3 })} onChanged={onChanged} />,
      {
        'GET /api/documents/7/access': () => flags,
        'GET /api/documents/7/locks': () => locks,
        'POST /api/locks': () => {
          locks = [lockInfo({})];
          flags = access({ createLock: true, renewLock: true, unlock: true });
          return locks[0];
        },
      },
    );
    const panel = await screen.findByRole('region', { name: 'Document lock' });
    expect(within(panel).getByText('Not locked')).toBeTruthy();
    await waitFor(() => expect(isEnabled(button('Lock'))).toBe(true));
    expect(isEnabled(button('Renew lock'))).toBe(false);
    expect(isEnabled(button('Unlock'))).toBe(false);

    fireEvent.click(button('Lock'));
    await within(panel).findByText('You');
    expect(within(panel).getByText(/expires in 1[45] min/)).toBeTruthy();
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(true));
    expect(isEnabled(button('Renew lock'))).toBe(true);
    const post = app.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/locks');
    expect(Object.fromEntries(post?.search ?? [])).toEqual({ docId: '7', queueId: '12', rowConflictIds: '3' });
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows another user's lock by holder name and the spec's refusal when locking anyway", async () => {
    const theirs = lockInfo({ holder: 'approver', ownLock: false });
    renderRoute(
      '/doc',
      '/doc',
      <LockPanel
        document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE, lock: theirs, userLock: 'other' })}
        onChanged={() => undefined}
      />,
      {
        // The flags can be stale (say, the other lock was taken a moment ago); the server decides.
        'GET /api/documents/7/access': () => access({ createLock: true }),
        'GET /api/documents/7/locks': () => [theirs],
        'POST /api/locks': () =>
          FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther }, 409),
      },
    );
    const panel = await screen.findByRole('region', { name: 'Document lock' });
    expect(within(panel).getByText('approver')).toBeTruthy();
    await waitFor(() => expect(isEnabled(button('Lock'))).toBe(true));
    fireEvent.click(button('Lock'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The document has been locked by another user.');
  });

  it('shows the moved-document message when the lock call finds the document out of sync', async () => {
    renderRoute('/doc', '/doc', <LockPanel document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE })} onChanged={() => undefined} />, {
      'GET /api/documents/7/access': () => access({ createLock: true }),
      'GET /api/documents/7/locks': () => [],
      'POST /api/locks': () => FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync }, 409),
    });
    await waitFor(() => expect(isEnabled(button('Lock'))).toBe(true));
    fireEvent.click(button('Lock'));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.documentMovedQueue);
  });

  it('renews and unlocks the own lock with the queue id', async () => {
    let locks = [lockInfo({})];
    const app = renderRoute(
      '/doc',
      '/doc',
      <LockPanel
        document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE, lock: locks[0], userLock: 'self' })}
        onChanged={() => undefined}
      />,
      {
        'GET /api/documents/7/access': () => access({ createLock: true, renewLock: locks.length > 0, unlock: locks.length > 0 }),
        'GET /api/documents/7/locks': () => locks,
        'PUT /api/locks/renew': () => locks[0],
        'DELETE /api/locks': () => {
          locks = [];
          return undefined;
        },
      },
    );
    await waitFor(() => expect(isEnabled(button('Renew lock'))).toBe(true));
    fireEvent.click(button('Renew lock'));
    await waitFor(() => expect(app.requests.some((r) => r.method === 'PUT' && r.path === '/api/locks/renew')).toBe(true));
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(true));
    fireEvent.click(button('Unlock'));
    await screen.findByText('Not locked');
    const deleted = app.requests.find((r) => r.method === 'DELETE');
    expect(Object.fromEntries(deleted?.search ?? [])).toEqual({ docId: '7', queueId: '12' });
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(false));
  });

  it('tells the holder who released their lock when the renewal answers so', async () => {
    const mine = lockInfo({});
    renderRoute(
      '/doc',
      '/doc',
      <LockPanel
        document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE, lock: mine, userLock: 'self' })}
        onChanged={() => undefined}
      />,
      {
        'GET /api/documents/7/access': () => access({ renewLock: true, unlock: true }),
        'GET /api/documents/7/locks': () => [mine],
        'PUT /api/locks/renew': () =>
          FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: 'Your lock was released by dana.' }, 409),
      },
    );
    await waitFor(() => expect(isEnabled(button('Renew lock'))).toBe(true));
    fireEvent.click(button('Renew lock'));
    expect((await screen.findByRole('alert')).textContent).toContain('Your lock was released by dana.');
  });

  it("in an OptInWorkflow queue never offers Renew, and offers Lock and Unlock as the server grants them (who may act; a security manager's release)", async () => {
    const optIn = { ...QUEUE, features1: FEATURES1.OptInWorkflow };
    // A follower of the queue: the server grants no lock, so none is offered (issue 35, finding 4).
    const follower = renderRoute(
      '/doc',
      '/doc',
      <LockPanel document={testDocument({ id: 7, name: 'a.pdf', queue: optIn })} onChanged={() => undefined} />,
      {
        'GET /api/documents/7/access': () => access({ createLock: false, renewLock: true, unlock: false }),
        'GET /api/documents/7/locks': () => [],
      },
    );
    // Once the flags are read, the disabled Lock says why (before, it is disabled without a reason).
    await waitFor(() =>
      expect(document.getElementById(button('Lock').getAttribute('aria-describedby') ?? '')?.textContent).toBe(MESSAGES.actionNotPermitted),
    );
    expect(isEnabled(button('Lock'))).toBe(false);
    expect(isEnabled(button('Renew lock'))).toBe(false);
    expect(isEnabled(button('Unlock'))).toBe(false);
    follower.unmount();
    // A security manager looking at another user's lock there may release it.
    const held = lockInfo({ holder: 'approver', ownLock: false });
    renderRoute(
      '/doc',
      '/doc',
      <LockPanel
        document={testDocument({ id: 7, name: 'a.pdf', queue: optIn, lock: held, userLock: 'other' })}
        onChanged={() => undefined}
      />,
      {
        'GET /api/documents/7/access': () => access({ createLock: false, renewLock: true, unlock: true }),
        'GET /api/documents/7/locks': () => [held],
      },
    );
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(true));
    expect(isEnabled(button('Lock'))).toBe(false);
    expect(isEnabled(button('Renew lock'))).toBe(false);
  });

  it('counts the expiry down while shown and clears the lock when it runs out', async () => {
    jest.useFakeTimers({ now: Date.parse('2030-01-01T10:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
    const mine = lockInfo({ lockExpiration: '2030-01-01T10:02:00Z' });
    let locks = [mine];
    renderRoute(
      '/doc',
      '/doc',
      <LockPanel
        document={testDocument({ id: 7, name: 'a.pdf', queue: QUEUE, lock: mine, userLock: 'self' })}
        onChanged={() => undefined}
      />,
      {
        'GET /api/documents/7/access': () => access({ renewLock: locks.length > 0, unlock: locks.length > 0 }),
        'GET /api/documents/7/locks': () => locks,
      },
    );
    await screen.findByText('(expires in 2 min)', { exact: false });
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(true));
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('(expires in 1 min)', { exact: false })).toBeTruthy();
    locks = [];
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Not locked')).toBeTruthy();
    await waitFor(() => expect(isEnabled(button('Unlock'))).toBe(false));
  });

  it('disables every lock button for a document outside workflow', async () => {
    let answered!: () => void;
    const flagsRead = new Promise<void>((resolve) => (answered = resolve));
    renderRoute('/doc', '/doc', <LockPanel document={testDocument({ id: 7, name: 'a.pdf' })} onChanged={() => undefined} />, {
      'GET /api/documents/7/access': () => {
        answered();
        return access({ createLock: true });
      },
      'GET /api/documents/7/locks': () => [],
    });
    await screen.findByText('This document is not in a workflow queue, so it cannot be locked.');
    // Judge the buttons after the flags arrived: createLock alone must not enable Lock without a queue.
    await act(async () => flagsRead);
    await act(async () => undefined);
    expect(isEnabled(button('Lock'))).toBe(false);
  });
});
