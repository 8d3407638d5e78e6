import { memoryStorage } from '../host/memoryStorage';
import { TAGGED_ITEMS_KEY, TaggedItemsStore, taggedItemsKey } from './TaggedItemsStore';

describe('TaggedItemsStore', () => {
  it('tags and untags documents in local storage, without duplicates', () => {
    const storage = memoryStorage({ [taggedItemsKey('clerk')]: JSON.stringify([4, 4, 'x']) });
    const store = new TaggedItemsStore(storage, 'clerk');
    expect(store.getSnapshot()).toEqual([4]);
    expect(store.toggle(7)).toBe(true);
    expect(store.toggle(4)).toBe(false);
    expect(new TaggedItemsStore(storage, 'clerk').getSnapshot()).toEqual([7]);
    store.clear();
    expect(new TaggedItemsStore(storage, 'clerk').has(7)).toBe(false);
  });

  it("keeps each user's tagged documents apart and drops the old shared list", () => {
    const storage = memoryStorage({ [TAGGED_ITEMS_KEY]: JSON.stringify([9]) });
    const alice = new TaggedItemsStore(storage, 'alice');
    expect(alice.getSnapshot()).toEqual([]);
    expect(storage.getItem(TAGGED_ITEMS_KEY)).toBeNull();
    alice.toggle(3);
    const bob = new TaggedItemsStore(storage, 'bob');
    expect(bob.has(3)).toBe(false);
    bob.toggle(5);
    expect(new TaggedItemsStore(storage, 'alice').getSnapshot()).toEqual([3]);
    expect(new TaggedItemsStore(storage, 'bob').getSnapshot()).toEqual([5]);
  });
});
