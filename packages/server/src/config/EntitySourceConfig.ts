/** One configured entity source: an ERP the product reads records from over OData v4 (ARCHITECTURE.md, "ERP entity sources"). */
export interface EntitySourceConfig {
  /** The type-name prefix of its entity types, e.g. 'bc' in 'bc:Microsoft.NAV.Vendor'. */
  prefix: string;
  /** The name users read in messages, e.g. 'Business Central'. */
  label: string;
  /** The API root without a trailing slash, e.g. https://api.businesscentral.dynamics.com/v2.0/{tenant}/Production/api/v2.0. */
  apiUrl: string;
  /** The OAuth 2.0 token endpoint of the client-credentials grant. */
  tokenUrl: string;
  /** The Entra ID tenant (directory) the app registration lives in. */
  tenant: string;
  clientId: string;
  clientSecret: string;
  /** The OAuth scope asked for, e.g. https://api.businesscentral.dynamics.com/.default. */
  scope: string;
  /** The company (data area) used when a call names none. */
  company: string;
}

/** The name users read for a source prefix the configuration does not label. */
export function defaultSourceLabel(prefix: string): string {
  if (prefix === 'bc') return 'Business Central';
  if (prefix === 'fo') return 'Finance and Operations';
  return `The ERP '${prefix}'`;
}
