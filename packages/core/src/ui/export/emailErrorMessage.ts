import { ApiError } from '../../api';

/**
 * Spec §8 "Email draft error": the message is parsed as JSON and, when it carries message text,
 * that text is shown. Our server answers `{ message }` bodies (ApiError already holds the
 * message); a message that is itself JSON (`{"message": …}`) is unwrapped. Null when there is no text.
 */
export function emailErrorMessage(error: unknown): string | null {
  const raw = error instanceof ApiError ? error.message : error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string') {
      const text = (parsed as { message: string }).message.trim();
      return text === '' ? null : text;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return raw.trim() === '' ? null : raw.trim();
}
