import { TaggingModeStore } from './TaggingModeStore';

describe('TaggingModeStore', () => {
  it('turns on only while the Tagging privilege is held, and off when it is lost', () => {
    const store = new TaggingModeStore();
    store.toggle();
    expect(store.getSnapshot()).toEqual({ available: null, on: false });
    store.setAvailable(true);
    store.toggle();
    expect(store.getSnapshot()).toEqual({ available: true, on: true });
    store.setAvailable(false);
    expect(store.getSnapshot()).toEqual({ available: false, on: false });
    store.setOn(true);
    expect(store.getSnapshot().on).toBe(false);
  });
});
