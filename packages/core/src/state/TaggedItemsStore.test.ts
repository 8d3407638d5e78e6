import { memoryStorage } from '../host/memoryStorage';
import { TAGGED_ITEMS_KEY, TaggedItemsStore } from './TaggedItemsStore';

describe('TaggedItemsStore', () => {
  it('tags and untags documents in local storage, without duplicates', () => {
    const storage = memoryStorage({ [TAGGED_ITEMS_KEY]: JSON.stringify([4, 4, 'x']) });
    const store = new TaggedItemsStore(storage);
    expect(store.getSnapshot()).toEqual([4]);
    expect(store.toggle(7)).toBe(true);
    expect(store.toggle(4)).toBe(false);
    expect(new TaggedItemsStore(storage).getSnapshot()).toEqual([7]);
    store.clear();
    expect(new TaggedItemsStore(storage).has(7)).toBe(false);
  });
});
