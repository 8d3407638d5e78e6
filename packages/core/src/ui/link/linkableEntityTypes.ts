import type { DocumentLink, ErpContext } from '../../model';
import { UI_TEXT } from '../../locale/uiText';

/** An entity type a document can be linked to: its name for the web services, its ERP table and what users call it. */
export interface LinkableEntityType {
  /** `prefix:namespace.name`, e.g. 'bc:Microsoft.NAV.PurchaseHeader' (the integrated table's entity type name). */
  typeName: string;
  /** The ERP table's number (BC: 23 Vendor, 38 Purchase Header). */
  tableId?: number;
  /** The integrated table's id, when the context or the document's link names it. */
  sitId?: number;
  label: string;
}

/**
 * The bc flavour's record types a clerk links documents to, always offered: vendors and purchase
 * invoices (Purchase Header, table 38). The server has no list of linkable integrated tables yet
 * (the spec's GET /sits?allowRecordLinking=true); until it has, these and the record in context
 * are the choices.
 */
export const LINKABLE_ENTITY_TYPES: readonly LinkableEntityType[] = [
  { typeName: 'bc:Microsoft.NAV.Vendor', tableId: 23, label: UI_TEXT.link.entityTypeLabels.vendor },
  { typeName: 'bc:Microsoft.NAV.PurchaseHeader', tableId: 38, label: UI_TEXT.link.entityTypeLabels.purchaseInvoice },
];

/** Whether two entity type names are the same (stored names may differ in case only). */
export function sameTypeName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The types to choose from: the record in context's and the document's current link's first
 * (with their integrated table ids), then the always-offered ones, each once.
 */
export function linkableEntityTypes(context: ErpContext | null, link: DocumentLink | null): LinkableEntityType[] {
  const choices: LinkableEntityType[] = [];
  const add = (candidate: LinkableEntityType): void => {
    const known = choices.find((choice) => sameTypeName(choice.typeName, candidate.typeName));
    if (known === undefined) choices.push(candidate);
    else {
      known.tableId ??= candidate.tableId;
      known.sitId ??= candidate.sitId;
    }
  };
  const offered = (typeName: string): LinkableEntityType | undefined => LINKABLE_ENTITY_TYPES.find((type) => sameTypeName(type.typeName, typeName));
  if (context?.typeName !== undefined && context.typeName.includes(':')) {
    add({ typeName: context.typeName, tableId: context.tableId, sitId: context.sitId, label: offered(context.typeName)?.label ?? context.typeName });
  }
  if (link?.sourceEntityTypeName !== undefined && link.sourceEntityTypeName.includes(':')) {
    add({ typeName: link.sourceEntityTypeName, tableId: link.sourceTableId, sitId: link.sitId, label: offered(link.sourceEntityTypeName)?.label ?? link.sourceEntityTypeName });
  }
  for (const type of LINKABLE_ENTITY_TYPES) add({ ...type });
  return choices;
}
