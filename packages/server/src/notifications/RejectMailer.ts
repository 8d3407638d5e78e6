import { AppGraphClientCache } from '../graph';
import type { AppGraphClientTuning } from '../graph';
import type { SendMailBody } from './rejectMailMessage';
import type { RejectMailSettings } from './rejectMailSettingsOf';

/** Graph client tuning a `RejectMailer` passes on (tests shorten the waits). */
export type RejectMailerGraphOptions = AppGraphClientTuning;

/**
 * Sends reject notices by e-mail through the Graph port (`POST /users/{from}/sendMail` with an app
 * token of the sending mailbox's tenant: application permission Mail.Send). Graph's 429 / 503 /
 * 504 are retried by the GraphClient after Retry-After: a refused attempt sent nothing, so the
 * retry is no second mail. Keeps its Graph client in an `AppGraphClientCache`.
 */
export class RejectMailer {
  readonly #clients: AppGraphClientCache;

  constructor(graphOptions: RejectMailerGraphOptions = {}) {
    this.#clients = new AppGraphClientCache(graphOptions);
  }

  /** Sends the mail; throws a GraphRequestError in words when Graph or Entra refuse or cannot be reached. */
  async send(settings: RejectMailSettings, body: SendMailBody): Promise<void> {
    await this.#clients.clientFor(settings).send({
      tenantId: settings.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(settings.from)}/sendMail`,
      body,
      purpose: `the reject notice mail from ${settings.from} to ${body.message.toRecipients.map((r) => r.emailAddress.address).join(', ')}`,
    });
  }
}
