import { webClientRoot } from './entityUrlQueries';

describe('webClientRoot', () => {
  it('opens Business Central online at its web client, tenant and environment', () => {
    expect(webClientRoot('https://api.businesscentral.dynamics.com/v2.0/contoso.onmicrosoft.com/Production/api/v2.0')).toBe(
      'https://businesscentral.dynamics.com/contoso.onmicrosoft.com/Production/',
    );
  });

  it('opens another server at its instance, without the API path', () => {
    expect(webClientRoot('http://bc.example.test:7048/BC/api/v2.0')).toBe('http://bc.example.test:7048/BC/');
    expect(webClientRoot('http://127.0.0.1:3001/api/v2.0')).toBe('http://127.0.0.1:3001/');
  });
});
