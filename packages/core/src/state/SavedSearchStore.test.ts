import { memoryStorage } from '../host/memoryStorage';
import type { SearchTag } from '../model';
import { SAVED_SEARCHES_KEY, SavedSearchStore, savedSearchesKey } from './SavedSearchStore';

const CONTOSO: SearchTag = { text: 'Contoso', prefix: 'Description', type: 'documentDescription', key: 'Contoso' };
const clock = (): Date => new Date('2025-05-30T10:00:00.000Z');

describe('SavedSearchStore', () => {
  it('saves tags, words, sort and the first fifty result ids, with overFifty when more matched', () => {
    const storage = memoryStorage();
    const store = new SavedSearchStore(storage, 'clerk', clock);
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const saved = store.save({
      name: ' Contoso March ',
      tags: [CONTOSO],
      q: 'march ',
      sort: { key: 'createdAt', desc: true },
      documents: ids,
      total: 75,
    });
    expect(saved).toMatchObject({
      name: 'Contoso March',
      tags: [CONTOSO],
      q: 'march',
      overFifty: true,
      pinned: false,
      savedAt: '2025-05-30T10:00:00.000Z',
    });
    expect(saved.documents).toEqual(ids.slice(0, 50));
    const small = store.save({ name: 'Few', tags: [], q: 'freight', sort: null, documents: [3], total: 50 });
    expect(small.overFifty).toBe(false);
    expect(small.id).not.toBe(saved.id);
    // A new store over the same storage (a reload) finds both.
    const reloaded = new SavedSearchStore(storage, 'clerk', clock);
    expect(reloaded.getSnapshot()).toEqual([saved, small]);
  });

  it('renames, pins, refreshes and deletes, writing each change through', () => {
    const storage = memoryStorage();
    const store = new SavedSearchStore(storage, 'clerk', clock);
    const { id } = store.save({ name: 'A', tags: [CONTOSO], q: '', sort: null, documents: [1, 2], total: 2 });
    store.rename(id, '  ');
    store.rename(id, 'Contoso');
    store.setPinned(id, true);
    expect(store.pinned().map((search) => search.name)).toEqual(['Contoso']);
    store.refreshResults(id, [5], 51);
    expect(new SavedSearchStore(storage, 'clerk', clock).get(id)).toMatchObject({
      name: 'Contoso',
      pinned: true,
      documents: [5],
      overFifty: true,
    });
    store.remove(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(JSON.parse(storage.getItem(savedSearchesKey('clerk')) ?? '')).toEqual([]);
  });

  it('ignores stored values that are not saved searches', () => {
    const storage = memoryStorage({
      [savedSearchesKey('clerk')]: JSON.stringify([
        { id: 'x', name: 'bad tag', tags: [{ text: 'a', prefix: 'b', type: 'nonsense', key: 'c' }] },
        { id: 'y', name: 'ok', tags: [CONTOSO], documents: [1, 'two', -3], overFifty: true },
        'junk',
      ]),
    });
    expect(new SavedSearchStore(storage, 'clerk', clock).getSnapshot()).toEqual([
      { id: 'y', name: 'ok', tags: [CONTOSO], q: '', sort: null, documents: [1], overFifty: true, savedAt: '', pinned: false },
    ]);
    expect(new SavedSearchStore(memoryStorage({ [savedSearchesKey('clerk')]: '{not json' }), 'clerk', clock).getSnapshot()).toEqual([]);
  });

  it("keeps each user's searches under their own key and drops the old shared list", () => {
    const old = [{ id: 'old', name: 'Whose?', tags: [], q: 'x', sort: null, documents: [], overFifty: false, savedAt: '', pinned: true }];
    const storage = memoryStorage({ [SAVED_SEARCHES_KEY]: JSON.stringify(old) });
    const alice = new SavedSearchStore(storage, 'alice', clock);
    // The unkeyed list is nobody's: the first user to open the app does not inherit it, and it is gone.
    expect(alice.getSnapshot()).toEqual([]);
    expect(storage.getItem(SAVED_SEARCHES_KEY)).toBeNull();
    alice.save({ name: 'Alice only', tags: [CONTOSO], q: '', sort: null, documents: [1], total: 1 });
    const bob = new SavedSearchStore(storage, 'bob', clock);
    expect(bob.getSnapshot()).toEqual([]);
    bob.save({ name: 'Bob only', tags: [], q: 'freight', sort: null, documents: [2], total: 1 });
    expect(new SavedSearchStore(storage, 'alice', clock).getSnapshot().map((search) => search.name)).toEqual(['Alice only']);
    expect(new SavedSearchStore(storage, 'bob', clock).getSnapshot().map((search) => search.name)).toEqual(['Bob only']);
    expect(storage.getItem(savedSearchesKey('alice'))).toContain('Alice only');
  });
});
