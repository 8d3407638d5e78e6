import { allowAction, blockAction } from './actionAvailability';

describe('action availability results', () => {
  it('an allowed action carries its warning or null', () => {
    expect(allowAction()).toEqual({ allowed: true, warning: null });
    expect(allowAction('careful')).toEqual({ allowed: true, warning: 'careful' });
  });

  it('a blocked action carries its reason code and message', () => {
    expect(blockAction('noRoutes', 'No Routes Available')).toEqual({ allowed: false, reason: 'noRoutes', message: 'No Routes Available' });
  });
});
