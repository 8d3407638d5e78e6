import { ClientCredentialsTokenProvider, GraphClient } from '../graph';
import type { GraphClientOptions } from '../graph';
import type { SendMailBody } from './rejectMailMessage';
import type { RejectMailSettings } from './rejectMailSettingsOf';

/** Graph client tuning a `RejectMailer` passes on (tests shorten the waits). */
export type RejectMailerGraphOptions = Pick<GraphClientOptions, 'fetch' | 'timeoutMs' | 'maxAttempts' | 'maxWaitMs' | 'backoffMs' | 'log'>;

/**
 * Sends reject notices by e-mail through the Graph port (`POST /users/{from}/sendMail` with an app
 * token of the sending mailbox's tenant: application permission Mail.Send). Graph's 429 / 503 /
 * 504 are retried by the GraphClient after Retry-After: a refused attempt sent nothing, so the
 * retry is no second mail. Keeps one Graph client and token cache while the settings stay the
 * same, and starts afresh when they change.
 */
export class RejectMailer {
  readonly #graphOptions: RejectMailerGraphOptions;
  #current: { key: string; client: GraphClient } | null = null;

  constructor(graphOptions: RejectMailerGraphOptions = {}) {
    this.#graphOptions = graphOptions;
  }

  /** Sends the mail; throws a GraphRequestError in words when Graph or Entra refuse or cannot be reached. */
  async send(settings: RejectMailSettings, body: SendMailBody): Promise<void> {
    await this.#clientFor(settings).send({
      tenantId: settings.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(settings.from)}/sendMail`,
      body,
      purpose: `the reject notice mail from ${settings.from} to ${body.message.toRecipients.map((r) => r.emailAddress.address).join(', ')}`,
    });
  }

  #clientFor(settings: RejectMailSettings): GraphClient {
    const key = JSON.stringify([settings.graphUrl, settings.authority, settings.clientId, settings.clientSecret]);
    if (this.#current?.key !== key) {
      const tokens = new ClientCredentialsTokenProvider({
        authority: settings.authority,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        ...(this.#graphOptions.fetch === undefined ? {} : { fetch: this.#graphOptions.fetch }),
      });
      this.#current = { key, client: new GraphClient({ ...this.#graphOptions, graphUrl: settings.graphUrl, tokens }) };
    }
    return this.#current.client;
  }
}
