import { isAppRoute, isWorkflowRoute } from './appRoutes';

describe('isAppRoute', () => {
  it('accepts the screens of embedded §2 and the workflow screens of portal §2 under both prefixes', () => {
    for (const route of [
      '/folders',
      '/folders/abc',
      '/viewer/x-1',
      '/notes/x-1',
      '/portal/workflow/auto',
      '/workflow2/auto?dataAreaId=CRONUS',
      '/portal/workflow/queue-types',
      '/workflow2/queue-types/3/queues',
      '/portal/workflow/queues?queue-type-id=3',
      '/workflow2/queues/12/documents',
      '/portal/workflow/queues/12/documents/route?docId=7',
      '/approval-routes/7?dataAreaId=CRONUS',
      '/queue-types/3/queues-slim?areaPrefix=workflow2',
    ]) {
      expect([route, isAppRoute(route)]).toEqual([route, true]);
    }
  });

  it('refuses the redirecting paths, so a stored route never leads back into a redirect', () => {
    for (const route of [
      '/',
      '/workflow',
      '/workflow1',
      '/workflow2',
      '/workflow2?dataAreaId=CRONUS',
      '/portal/workflow',
      '/portal/workflow/nope',
      '//evil.example/workflow2/auto',
    ]) {
      expect([route, isAppRoute(route)]).toEqual([route, false]);
    }
  });
});

describe('isWorkflowRoute', () => {
  it('is true only for workflow screens', () => {
    expect(isWorkflowRoute('/workflow2/queues/12/documents?dataAreaId=X')).toBe(true);
    expect(isWorkflowRoute('/portal/workflow/auto')).toBe(true);
    expect(isWorkflowRoute('/folders')).toBe(false);
    expect(isWorkflowRoute('/workflow2')).toBe(false);
  });
});
