import { AppGraphClientCache } from '../graph';
import type { AppGraphClientTuning } from '../graph';
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
export type TeamsNotifierGraphOptions = AppGraphClientTuning;

/**
 * Sends Teams activity notifications through the Graph port (`POST /users/{oid}/teamwork/
 * sendActivityNotification` with an app token of the recipient's tenant). Keeps its Graph client
 * in an `AppGraphClientCache`.
 */
export class TeamsNotifier {
  readonly #clients: AppGraphClientCache;

  constructor(graphOptions: TeamsNotifierGraphOptions = {}) {
    this.#clients = new AppGraphClientCache(graphOptions);
  }

  /** Tells `recipient` that documents arrived; throws a GraphRequestError in words when Graph or Entra refuse or cannot be reached. */
  async documentsArrived(settings: TeamsNotifySettings, recipient: TeamsRecipient, arrived: DocumentsArrived): Promise<void> {
    await this.#clients.clientFor(settings).send({
      tenantId: recipient.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(recipient.objectId)}/teamwork/sendActivityNotification`,
      body: documentsArrivedNotification(settings.teamsAppId, arrived),
      purpose: `the Teams activity notification to user ${recipient.objectId} (tenant ${recipient.tenantId})`,
    });
  }

  /** Tells `recipient` that a document they sent was rejected, and why; throws as documentsArrived does. */
  async documentRejected(settings: TeamsNotifySettings, recipient: TeamsRecipient, rejected: DocumentRejected): Promise<void> {
    await this.#clients.clientFor(settings).send({
      tenantId: recipient.tenantId,
      method: 'POST',
      path: `/users/${encodeURIComponent(recipient.objectId)}/teamwork/sendActivityNotification`,
      body: documentRejectedNotification(settings.teamsAppId, rejected),
      purpose: `the Teams reject notice to user ${recipient.objectId} (tenant ${recipient.tenantId})`,
    });
  }
}
