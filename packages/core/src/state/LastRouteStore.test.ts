import { memoryStorage } from '../host/memoryStorage';
import { LAST_ROUTE_KEY, LastRouteStore } from './LastRouteStore';

describe('LastRouteStore', () => {
  it('keeps the last route in the given storage', () => {
    const session = memoryStorage();
    const store = new LastRouteStore(session);
    expect(store.get()).toBeNull();
    store.set('/viewer/MT-abc?singleuse=true');
    expect(session.getItem(LAST_ROUTE_KEY)).toBe('/viewer/MT-abc?singleuse=true');
    expect(new LastRouteStore(session).get()).toBe('/viewer/MT-abc?singleuse=true');
  });

  it('ignores anything that is not an app path', () => {
    const store = new LastRouteStore(memoryStorage());
    store.set('https://evil.example/');
    store.set('//evil.example/');
    expect(store.get()).toBeNull();
  });

  it('takes a valid route once and clears it', () => {
    const store = new LastRouteStore(memoryStorage({ [LAST_ROUTE_KEY]: '/workflow2/queues/4/documents' }));
    expect(store.take((route) => route.startsWith('/folders'))).toBeNull();
    expect(store.get()).toBe('/workflow2/queues/4/documents');
    expect(store.take((route) => route.startsWith('/workflow2'))).toBe('/workflow2/queues/4/documents');
    expect(store.get()).toBeNull();
  });
});
