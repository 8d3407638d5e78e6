import type { Config } from '../config/Config';

/** What e-mailing reject notices needs: the app registration, the tenant and mailbox it sends from, Graph, and the public URL its links open. */
export interface RejectMailSettings {
  graphUrl: string;
  authority: string;
  clientId: string;
  clientSecret: string;
  /** The tenant of the sending mailbox (the first of DATAHAVEN_ENTRA_TENANTS): its app token sends. */
  tenantId: string;
  /** The sending mailbox (DATAHAVEN_GRAPH_MAIL_FROM). */
  from: string;
  /** Where the mail's link to the document points (DATAHAVEN_PUBLIC_URL). */
  publicUrl: string;
}

/** The configuration reject mails read: Entra, Graph's URL, the sending mailbox and the public URL. */
export type RejectMailConfig = Pick<Config, 'entra' | 'teams' | 'mailFrom' | 'publicUrl'>;

/**
 * Why reject notices are not e-mailed, in words naming the variables to set, or null when they
 * are: Graph's sendMail needs the app registration (client id and secret), a tenant and the
 * sending mailbox.
 */
export function rejectMailOffReason(config: RejectMailConfig): string | null {
  const missing = [
    config.entra.clientId === '' ? 'DATAHAVEN_ENTRA_CLIENT_ID' : null,
    config.entra.clientSecret === null ? 'DATAHAVEN_ENTRA_CLIENT_SECRET' : null,
    config.entra.tenantIds.length === 0 ? 'DATAHAVEN_ENTRA_TENANTS' : null,
    config.mailFrom === '' ? 'DATAHAVEN_GRAPH_MAIL_FROM' : null,
  ].filter((name): name is string => name !== null);
  return missing.length === 0
    ? null
    : `Reject notices are not e-mailed: Microsoft Graph mail is not configured (${missing.join(', ')} not set).`;
}

/**
 * The reject mail settings from the configuration, read at use (the demo settles its stand-ins'
 * origin once the server listens); null while rejectMailOffReason names something missing.
 */
export function rejectMailSettingsOf(config: RejectMailConfig): RejectMailSettings | null {
  const { entra, teams } = config;
  if (rejectMailOffReason(config) !== null || entra.clientSecret === null) return null;
  return {
    graphUrl: teams.graphUrl,
    authority: entra.authority,
    clientId: entra.clientId,
    clientSecret: entra.clientSecret,
    tenantId: entra.tenantIds[0],
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  };
}
