/*
 * The approval status of a purchase invoice in the ERP, as the product's own Business Central
 * extension (manifests/bc) exposes it: the table-extension field "DH Approval Status" on the
 * Purchase Header, read and written through the API page `purchaseInvoiceApprovals` of the API
 * `datahaven/documents/v1.0`, which BC serves beside its standard `api/v2.0` (and the demo ERP
 * the same way). The workflow writes it after its decisions (workflow/erpStatusWriteBack.ts); BC
 * refuses to post an invoice whose status is not Approved when the setup switch says so.
 */
import { DomainError, notFound } from '../errors/DomainError';
import type { EntitySourceConnector } from './EntitySourceConnector';
import type { EntitySources } from './EntitySources';
import { resolveEntityTypeName } from './entityTypeQueries';

/** A status the product writes, as the API page's `approvalStatus` names it (the AL enum's captions). */
export type ErpApprovalStatus = 'Pending Approval' | 'Approved' | 'Rejected';

/** Every status the product writes. */
export const ERP_APPROVAL_STATUSES: readonly ErpApprovalStatus[] = ['Pending Approval', 'Approved', 'Rejected'];

/** The API page's entity set: one entity per purchase invoice (Purchase Header, document type Invoice), keyed by SystemId. */
export const PURCHASE_INVOICE_APPROVALS_SET = 'purchaseInvoiceApprovals';

/** The API page's property holding the status: '' (none yet), 'Pending Approval', 'Approved' or 'Rejected'. */
export const APPROVAL_STATUS_PROPERTY = 'approvalStatus';

/** The entity sets whose records carry an approval status (BC's purchase invoices), lower case. */
const INVOICE_SETS = new Set(['purchaseinvoices', 'purchaseinvoice', 'microsoft.nav.purchaseinvoice']);

/** Where an integrated table's records keep their approval status: its source's prefix; null when its records have none. */
export function erpApprovalSourceOf(entityTypeName: string): string | null {
  let resolved: { prefix: string; typeName: string };
  try {
    resolved = resolveEntityTypeName(entityTypeName);
  } catch {
    return null;
  }
  return INVOICE_SETS.has(resolved.typeName.toLowerCase()) ? resolved.prefix : null;
}

/** A purchase invoice's approval status as the ERP holds it now, with the ETag a write must send. */
export interface ErpApprovalRecord {
  /** '' when none was ever set (the enum's blank), else the status's caption. */
  status: string;
  etag: string;
  /** The invoice's number, e.g. 'PI-1002'. */
  number: string;
}

/** Ours: the source's API URL has no room for the extension (not `…/api/vX.Y`). */
export function erpExtensionMissing(erp: string): string {
  return `${erp} has no Datahaven Documents extension API: its API URL does not end in /api/v2.0, so the approval status cannot be written.`;
}

/** Ours: the ERP no longer holds the purchase invoice (posted, or deleted). */
export function erpInvoiceGone(erp: string, number: string): string {
  return `${erp} no longer holds the purchase invoice ${number} (posted or deleted): its approval status was not written.`;
}

function extensionConnector(sources: EntitySources, prefix: string): EntitySourceConnector {
  const connector = sources.extensionApi(prefix);
  if (connector === null) throw notFound(erpExtensionMissing(sources.source(prefix).config.label));
  return connector;
}

/** The label users read for a source, e.g. 'Business Central'. */
export function erpLabelOf(sources: EntitySources, prefix: string): string {
  try {
    return sources.source(prefix).config.label;
  } catch (error) {
    if (error instanceof DomainError) return prefix;
    throw error;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

/**
 * Reads a purchase invoice's approval status through the source's extension API (one GET with
 * its ETag); null when the ERP holds no such invoice. Throws the connector's words when the ERP
 * cannot be read.
 */
export async function readErpApprovalStatus(
  sources: EntitySources,
  prefix: string,
  dataAreaId: string,
  recordId: string,
): Promise<ErpApprovalRecord | null> {
  const record = await extensionConnector(sources, prefix).get(PURCHASE_INVOICE_APPROVALS_SET, recordId, {
    company: dataAreaId,
    select: ['number', APPROVAL_STATUS_PROPERTY],
  });
  if (record === null) return null;
  return { status: text(record[APPROVAL_STATUS_PROPERTY]).trim(), etag: text(record['@odata.etag']), number: text(record.number) };
}

/**
 * Writes a purchase invoice's approval status through the extension API (PATCH with If-Match:
 * `etag`, so a change made in the ERP since the read is never overwritten: 409 in words) and
 * answers the status the ERP then holds.
 */
export async function writeErpApprovalStatus(
  sources: EntitySources,
  prefix: string,
  dataAreaId: string,
  recordId: string,
  etag: string,
  status: ErpApprovalStatus,
): Promise<string> {
  const written = await extensionConnector(sources, prefix).patch(
    PURCHASE_INVOICE_APPROVALS_SET,
    recordId,
    etag,
    { [APPROVAL_STATUS_PROPERTY]: status },
    { company: dataAreaId },
  );
  return text(written[APPROVAL_STATUS_PROPERTY]).trim();
}
