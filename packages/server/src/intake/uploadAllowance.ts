import type { Kysely } from 'kysely';
import { readNumberOption } from '../db/optionStore';
import type { Database } from '../db/schema';
import { type DomainError, tooLarge } from '../errors/DomainError';
import type { AppDeps } from '../services/AppDeps';
import { FileTooLargeError } from '../storage/FileTooLargeError';

/** Megabytes in words, as the settings name them (a decimal comma in German). */
function megabytes(bytes: number, language = 'en'): string {
  const value = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${isGerman(language) ? String(value).replace('.', ',') : value} MB`;
}

/** Whether `language` is German (else the refusals are English). */
function isGerman(language: string): boolean {
  return language.toLowerCase().startsWith('de');
}

/** The start of the UTC day `now` falls in, as the ISO text `created_at` holds. */
function dayStartOf(now: Date): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/**
 * The bytes of the documents `userId` made since the start of today (UTC): uploads, e-mail
 * imports, and the parts of their splits and merges — the store they filled today. Deleted ones
 * count too: deleting does not give the space back at once, and upload-delete-upload would
 * otherwise have no end.
 */
export async function bytesAddedToday(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .innerJoin('files', 'files.sha256', 'documents.file_sha256')
    .select((eb) => eb.fn.sum<number | string | null>('files.size').as('bytes'))
    .where('documents.created_by', '=', userId)
    .where('documents.created_at', '>=', dayStartOf(now))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The refusal of an upload past the user's daily quota. */
export function quotaExceeded(quota: number): DomainError {
  return tooLarge((language) =>
    isGerman(language)
      ? `Mit diesem Upload überschreiten Sie Ihr tägliches Upload-Kontingent von ${megabytes(quota, language)}: Laden Sie den Rest morgen hoch (der Tag endet um Mitternacht UTC), oder bitten Sie Ihren Administrator, DATAHAVEN_UPLOAD_DAILY_QUOTA_MB zu erhöhen.`
      : `This upload goes past your daily upload quota of ${megabytes(quota)}: upload the rest tomorrow (the day ends at midnight UTC), or ask your administrator to raise DATAHAVEN_UPLOAD_DAILY_QUOTA_MB.`,
  );
}

/** The refusal of a request whose files together pass the per-request limit. */
export function requestTooLarge(limit: number): DomainError {
  return tooLarge((language) =>
    isGerman(language)
      ? `Die Dateien eines Uploads dürfen zusammen höchstens ${megabytes(limit, language)} groß sein: Senden Sie sie in mehreren Uploads.`
      : `The files of one upload may add up to ${megabytes(limit)} at most: send them in several uploads.`,
  );
}

/**
 * What one upload request may still store (second attack finding 4): each file under the 'File
 * Upload Size Limit' option, all of them together under DATAHAVEN_UPLOAD_REQUEST_LIMIT_MB, and the
 * user's day under DATAHAVEN_UPLOAD_DAILY_QUOTA_MB. `limitFor` gives the next file's byte limit
 * (the least of the three), `refusalOf` turns the store's FileTooLargeError into the words of the
 * limit that cut it off, and `add` counts a staged file.
 */
export class UploadAllowance {
  readonly #fileLimit: number;
  readonly #requestLimit: number;
  readonly #quota: number;
  #quotaLeft: number;
  #requestLeft: number;

  private constructor(fileLimit: number, requestLimit: number, quota: number, quotaLeft: number) {
    this.#fileLimit = fileLimit;
    this.#requestLimit = requestLimit;
    this.#requestLeft = requestLimit;
    this.#quota = quota;
    this.#quotaLeft = quotaLeft;
  }

  /** The allowance of `userId`'s request now: the option, the configured limits and what the user added today. */
  static async of(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, userId: number): Promise<UploadAllowance> {
    const option = await readNumberOption(deps.db, 'File Upload Size Limit');
    const quota = deps.config.uploadDailyQuotaBytes;
    const quotaLeft = quota > 0 ? Math.max(0, quota - (await bytesAddedToday(deps.db, userId, deps.now()))) : Number.MAX_SAFE_INTEGER;
    if (quota > 0 && quotaLeft === 0) throw quotaExceeded(quota);
    return new UploadAllowance(option > 0 ? option : Number.MAX_SAFE_INTEGER, deps.config.uploadRequestLimitBytes, quota, quotaLeft);
  }

  /** The most bytes the next file may have before the store cuts it off. */
  limitFor(): number {
    return Math.min(this.#fileLimit, this.#requestLeft, this.#quotaLeft);
  }

  /** Counts a staged file against the request and the day. */
  add(size: number): void {
    this.#requestLeft -= size;
    this.#quotaLeft -= size;
  }

  /** The error to answer for `error`: a file cut off by the request's or the day's limit is told which; anything else stays itself. */
  refusalOf(error: unknown, limit: number): unknown {
    if (!(error instanceof FileTooLargeError) || limit === this.#fileLimit) return error;
    return limit === this.#requestLeft ? requestTooLarge(this.#requestLimit) : quotaExceeded(this.#quota);
  }
}
