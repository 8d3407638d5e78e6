/**
 * ERP: the ERP's records as the product sees them — entity sources reached over OData v4 (connectors,
 * CSDL, filters), entity types, integrated tables, record URLs and metadata, data areas, the
 * decision facts of linked records (amount, due date) with their job, and a purchase invoice's
 * approval status read and written through the source's Datahaven extension API.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export type { EntityRecord, EntitySourceConnector } from './EntitySourceConnector';
export { EntitySources } from './EntitySources';
export type { ErpDeps } from './ErpDeps';
export { collectionNavigationJoin, resolveEntityTypeName, splitEntityTypeName } from './entityTypeQueries';
export type { CollectionNavigationJoin } from './entityTypeQueries';
export { entityUrl } from './entityUrlQueries';
export { erpTimedOut, erpUnknownCompany } from './erpMessages';
export { erpMessagesFor } from './erpMessagesFor';
export type { ErpMessages } from './erpMessages';
export { registerErpApi } from './http/registerErpApi';
export { enqueueLinkedRecordFacts, enqueueListedFactsRefresh, readLinkedRecordFacts } from './linkedRecordFacts';
export { linkedRecordFactsJob } from './linkedRecordFactsJob';
export type { EntityTypeMetadata } from './parseCsdl';
export {
  APPROVAL_STATUS_PROPERTY,
  ERP_APPROVAL_STATUSES,
  PURCHASE_INVOICE_APPROVALS_SET,
  erpApprovalSourceOf,
  erpInvoiceGone,
  erpLabelOf,
  readErpApprovalStatus,
  writeErpApprovalStatus,
} from './erpApprovalApi';
export type { ErpApprovalRecord, ErpApprovalStatus } from './erpApprovalApi';
export { EXTENSION_API_PATH, extensionApiUrlOf } from './extensionApiUrlOf';
export { EXCHANGE_RATE_TTL_MS, convertToLocalCurrency, readLocalCurrency } from './currencyConversion';
export type { ExchangeRate, LocalCurrencyAmount } from './currencyConversion';
