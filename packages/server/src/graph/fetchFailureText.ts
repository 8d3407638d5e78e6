/** The fields of an error thrown by fetch that say why (duck-typed: undici's errors come from another realm under jest). */
interface FetchFailure {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

function asFailure(value: unknown): FetchFailure | null {
  return typeof value === 'object' && value !== null ? (value as FetchFailure) : null;
}

/**
 * Why a fetch got no answer, in words: fetch hides the socket's reason (ECONNREFUSED, a reset)
 * in `cause`, and a time-out is an AbortSignal's TimeoutError.
 */
export function fetchFailureText(error: unknown): string {
  const failure = asFailure(error);
  if (failure === null) return String(error);
  if (failure.name === 'TimeoutError') return 'no answer in time';
  const cause = asFailure(failure.cause);
  if (cause !== null) {
    const message = typeof cause.message === 'string' ? cause.message : '';
    const code = typeof cause.code === 'string' ? cause.code : '';
    if (message !== '' && (code === '' || message.includes(code))) return message;
    if (code !== '') return message === '' ? code : `${code}: ${message}`;
  }
  return typeof failure.message === 'string' && failure.message !== '' ? failure.message : String(error);
}
