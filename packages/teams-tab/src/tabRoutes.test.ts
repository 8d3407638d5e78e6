import { coreRouteFor, documentIdFromSubPage, tabChoiceFrom, tabChoiceFromPath, tabContentPath, tabEntityId } from './tabRoutes';

describe('the tab’s addresses', () => {
  it('names a queue and a queue type as the contract says (entity id, content path) and reads them back', () => {
    expect(tabEntityId({ kind: 'queue', id: 7 })).toBe('datahaven-queue-7');
    expect(tabEntityId({ kind: 'queueType', id: 3 })).toBe('datahaven-queuetype-3');
    expect(tabContentPath({ kind: 'queue', id: 7 })).toBe('/teams/queues/7');
    expect(tabContentPath({ kind: 'queueType', id: 3 })).toBe('/teams/queue-types/3');
    expect(tabChoiceFrom('datahaven-queuetype-3', undefined)).toEqual({ kind: 'queueType', id: 3 });
    expect(tabChoiceFrom(undefined, 'https://docs.example/teams/queues/7')).toEqual({ kind: 'queue', id: 7 });
    expect(tabChoiceFrom('someone-else', 'https://docs.example/elsewhere')).toBeNull();
    expect(tabChoiceFromPath('/teams/queues/7/')).toEqual({ kind: 'queue', id: 7 });
    expect(tabChoiceFromPath('/teams/queues/x')).toBeNull();
  });

  it('opens the core’s own workflow screens for a choice', () => {
    expect(coreRouteFor({ kind: 'queue', id: 7 })).toBe('/workflow2/queues/7/documents');
    expect(coreRouteFor({ kind: 'queueType', id: 3 })).toBe('/workflow2/queue-types/3/queues');
  });

  it('reads a document deep link only in the form document:<id>', () => {
    expect(documentIdFromSubPage('document:42')).toBe(42);
    expect(documentIdFromSubPage(' document:42 ')).toBe(42);
    expect(documentIdFromSubPage('document:abc')).toBeNull();
    expect(documentIdFromSubPage(undefined)).toBeNull();
  });
});
