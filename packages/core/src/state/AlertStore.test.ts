import { ApiError } from '../api/ApiError';
import { MESSAGES } from '../rules';
import { AlertStore } from './AlertStore';

describe('AlertStore', () => {
  it('shows and dismisses alerts, without repeating the same text', () => {
    const store = new AlertStore();
    const id = store.push('Failed to save user settings.');
    expect(store.push('Failed to save user settings.')).toBe(id);
    store.push('Saved.', 'success');
    expect(store.getSnapshot().alerts.map((a) => a.text)).toEqual(['Failed to save user settings.', 'Saved.']);
    store.dismiss(id);
    expect(store.getSnapshot().alerts.map((a) => a.intent)).toEqual(['success']);
  });

  it('puts errors with an exceptionType into the exception banner', () => {
    const store = new AlertStore();
    store.report(
      ApiError.fromResponse(404, 'Not Found', { statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.documentNotFound }),
    );
    expect(store.getSnapshot().banner).toEqual({ exceptionType: 'NotFound', message: MESSAGES.documentNotFound, status: 404 });
    expect(store.getSnapshot().alerts).toHaveLength(0);
    store.dismissBanner();
    expect(store.getSnapshot().banner).toBeNull();
  });

  it('raises an alert for license and responseType errors, and for plain failures', () => {
    const store = new AlertStore();
    store.report(ApiError.fromResponse(403, '', { statusCode: 403, exceptionType: 'LicenseCountException', message: 'No seats left.' }));
    store.report(ApiError.fromResponse(502, 'Bad Gateway', ''));
    store.report(ApiError.timeout());
    store.report(ApiError.auth(new Error('Message #2 timed out.')));
    expect(store.getSnapshot().alerts.map((a) => a.text)).toEqual([
      'No seats left.',
      'Error 502: Bad Gateway. Please try again later.',
      MESSAGES.requestTimedOut,
      'Message #2 timed out.',
    ]);
    expect(store.getSnapshot().banner).toBeNull();
  });

  it('ignores aborted calls and words unexpected errors as unhandled', () => {
    const store = new AlertStore();
    store.report(ApiError.aborted());
    expect(store.getSnapshot().alerts).toHaveLength(0);
    store.report(new TypeError('x is undefined'));
    expect(store.getSnapshot().alerts.map((a) => a.text)).toEqual(['An Unhandled Error Occured']);
  });
});
