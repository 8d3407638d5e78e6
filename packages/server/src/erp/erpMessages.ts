import type { TextsOf } from '@datahaven/core/rules';

/*
 * What users read when an ERP (an entity source) fails. The spec words no such failure, so these
 * are ours (docs/UX-DECISIONS.md, "ERP connection"); `{erp}` is the source's label, e.g.
 * 'Business Central'. Each says what happened and what to do, never a status code alone.
 */

/** Ours: no HTTP answer at all (connection refused, DNS, reset). */
export function erpUnreachable(erp: string): string {
  return `${erp} cannot be reached right now. Please try again later.`;
}

/** Ours: the ERP did not answer within the time-out. */
export function erpTimedOut(erp: string, seconds: number): string {
  return `${erp} did not answer within ${seconds === 1 ? '1 second' : `${seconds} seconds`}. Please try again later.`;
}

/** Ours: 429/503 still after the bounded retries (or a Retry-After longer than we wait). */
export function erpBusy(erp: string): string {
  return `${erp} is busy and asked us to wait. Please try again in a minute.`;
}

/** Ours: the token endpoint or the API refused the product's client credentials. */
export function erpCredentialsRefused(erp: string): string {
  return `${erp} refused the product's sign-in. Ask an administrator to check the ERP connection settings.`;
}

/** Ours: a 5xx other than 503, or an answer that is not OData. */
export function erpFailed(erp: string, detail: string): string {
  return `${erp} could not answer (${detail}). Please try again later.`;
}

/** Ours: the ERP refused the query itself (400): a property or value it does not accept. */
export function erpRefusedQuery(erp: string, detail: string): string {
  return `${erp} refused the request: ${detail}`;
}

/** Ours: no such entity type or entity set in the source's $metadata. */
export function erpUnknownEntityType(erp: string, name: string): string {
  return `${erp} has no entity type '${name}'.`;
}

/** Ours: a filter or $select names a property the entity type does not have. */
export function erpUnknownProperty(erp: string, typeName: string, property: string): string {
  return `${erp}: '${typeName}' has no property '${property}'.`;
}

/** Ours: the company (data area) is not one of the source's companies. */
export function erpUnknownCompany(erp: string, company: string): string {
  return `${erp} has no company '${company}'.`;
}

/** Ours: a type-name prefix with no configured source. */
export function erpSourceNotConfigured(prefix: string): string {
  return `No ERP is configured for '${prefix}'.`;
}

/** The ERP failure texts above as one English catalogue (erpMessagesFor picks it or a translation). */
export const ERP_MESSAGES = {
  erpUnreachable,
  erpTimedOut,
  erpBusy,
  erpCredentialsRefused,
  erpFailed,
  erpRefusedQuery,
  erpUnknownEntityType,
  erpUnknownProperty,
  erpUnknownCompany,
  erpSourceNotConfigured,
} as const;

/** The shape a translation of the ERP failure texts must have. */
export type ErpMessages = TextsOf<typeof ERP_MESSAGES>;
