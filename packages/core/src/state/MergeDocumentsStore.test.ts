import { memoryStorage } from '../host/memoryStorage';
import { DOCUMENTS_TO_MERGE_KEY, MergeDocumentsStore } from './MergeDocumentsStore';

describe('MergeDocumentsStore', () => {
  it('keeps the documents to merge in order in local storage, without duplicates or non-ids', () => {
    const storage = memoryStorage({ [DOCUMENTS_TO_MERGE_KEY]: JSON.stringify([9, 'x', 9, -1, 4]) });
    const store = new MergeDocumentsStore(storage);
    expect(store.getSnapshot()).toEqual([9, 4]);
    store.set([4, 9, 4, 0, 12]);
    expect(new MergeDocumentsStore(storage).getSnapshot()).toEqual([4, 9, 12]);
    store.clear();
    expect(storage.getItem(DOCUMENTS_TO_MERGE_KEY)).toBeNull();
    expect(new MergeDocumentsStore(storage).getSnapshot()).toEqual([]);
  });

  it('reads a damaged entry as an empty list', () => {
    expect(new MergeDocumentsStore(memoryStorage({ [DOCUMENTS_TO_MERGE_KEY]: '{not json' })).getSnapshot()).toEqual([]);
  });
});
