import { ClientCredentialsTokenProvider, GraphClient } from '../graph';
import type { GraphClientOptions } from '../graph';
import { documentsArrivedNotification } from './documentsArrivedNotification';
import type { DocumentsArrived } from './documentsArrivedNotification';
import { documentRejectedNotification } from './documentRejectedNotification';
import type { DocumentRejected } from './documentRejectedNotification';
import type { TeamsNotifySettings } from './teamsNotifySettingsOf';

/** A recipient of a Teams activity notification: their Entra tenant and object id. */
export interface TeamsRecipient {
  tenantId: string;
  objectId: string;
}

/** Graph client tuning a `TeamsNotifier` passes on (tests shorten the waits). */
export type TeamsNotifierGraphOptions = Pick<GraphClientOptions, 'fetch' | 'timeoutMs' | 'maxAttempts' | 'maxWaitMs' | 'backoffMs' | 'log'>;

/**
 * Sends Teams activity notifications through the Graph port (`POST /users/{oid}/teamwork/
 * sendActivityNotification` with an app token of the recipient's tenant). Keeps one Graph client
 * and token cache while the settings stay the same, and starts afresh when they change (a new
 * secret, the demo's origin settled after listening).
 */
export class TeamsNotifier {
  readonly #graphOptions: TeamsNotifierGraphOptions;
  #current: { key: string; client: GraphClient } | null = null;

  constructor(graphOptions: TeamsNotifierGraphOptions = {}) {
    this.#graphOptions = graphOptions;
  }

  /** Tells `recipient` that documents arrived; throws a GraphRequestError in words when Graph or Entra refuse or cannot be reached. */
  async documentsArrived(settings: TeamsNotifySettings, recipient: TeamsRecipient, arrived: DocumentsArrived): Promise<void> {
    await this.#clientFor(settings).send({
      tenantId: recipient.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(recipient.objectId)}/teamwork/sendActivityNotification`,
      body: documentsArrivedNotification(settings.teamsAppId, arrived),
      purpose: `the Teams activity notification to user ${recipient.objectId} (tenant ${recipient.tenantId})`,
    });
  }

  /** Tells `recipient` that a document they sent was rejected, and why; throws as documentsArrived does. */
  async documentRejected(settings: TeamsNotifySettings, recipient: TeamsRecipient, rejected: DocumentRejected): Promise<void> {
    await this.#clientFor(settings).send({
      tenantId: recipient.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(recipient.objectId)}/teamwork/sendActivityNotification`,
      body: documentRejectedNotification(settings.teamsAppId, rejected),
      purpose: `the Teams reject notice to user ${recipient.objectId} (tenant ${recipient.tenantId})`,
    });
  }

  #clientFor(settings: TeamsNotifySettings): GraphClient {
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
