import { isApiErrorBody } from './apiError';

describe('isApiErrorBody', () => {
  it('accepts the server error shape', () => {
    expect(isApiErrorBody({ statusCode: 404, exceptionType: 'NotFound', message: 'gone' })).toBe(true);
    expect(isApiErrorBody({ statusCode: 400, message: 'bad', responseType: 'Alert' })).toBe(true);
  });

  it('refuses other JSON', () => {
    expect(isApiErrorBody(null)).toBe(false);
    expect(isApiErrorBody('text')).toBe(false);
    expect(isApiErrorBody({ message: 'no status nor type' })).toBe(false);
    expect(isApiErrorBody({ statusCode: 404, exceptionType: 'NotFound' })).toBe(false);
    expect(isApiErrorBody({ statusCode: '404', message: 'x' })).toBe(false);
  });
});
