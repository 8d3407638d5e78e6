/** Why an Entra access token was not accepted: 'invalid' (the token; 401) or 'unavailable' (the authority's keys could not be read; 503). */
export class EntraTokenError extends Error {
  constructor(
    readonly kind: 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'EntraTokenError';
  }
}
