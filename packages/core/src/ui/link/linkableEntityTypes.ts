import type { LinkableTable } from '../../contract';
import type { DocumentLink, ErpContext } from '../../model';

/** An entity type a document can be linked to: its name for the web services, its ERP table and what users call it. */
export interface LinkableEntityType {
  /** `prefix:namespace.name`, e.g. 'bc:Microsoft.NAV.PurchaseHeader' (the integrated table's entity type name). */
  typeName: string;
  /** The ERP table's number (BC: 23 Vendor, 38 Purchase Header). */
  tableId?: number;
  /** The integrated table's id, when known. */
  sitId?: number;
  label: string;
}

/** Whether two entity type names are the same (stored names may differ in case only). */
export function sameTypeName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The types to choose from: the record in context's and the document's current link's first,
 * then the integrated tables the server says records can be linked to (GET /sits), each once,
 * named by the table's label.
 */
export function linkableEntityTypes(
  context: ErpContext | null,
  link: DocumentLink | null,
  tables: readonly LinkableTable[],
): LinkableEntityType[] {
  const choices: LinkableEntityType[] = [];
  const tableOf = (typeName: string): LinkableTable | undefined => tables.find((table) => sameTypeName(table.entityTypeName, typeName));
  const add = (candidate: LinkableEntityType): void => {
    const known = choices.find((choice) => sameTypeName(choice.typeName, candidate.typeName));
    if (known === undefined) choices.push(candidate);
    else {
      known.tableId ??= candidate.tableId;
      known.sitId ??= candidate.sitId;
    }
  };
  const fromName = (typeName: string, tableId: number | undefined, sitId: number | undefined): LinkableEntityType => {
    const table = tableOf(typeName);
    return { typeName, tableId: tableId ?? table?.externalTableId, sitId: sitId ?? table?.id, label: table?.label ?? typeName };
  };
  if (context?.typeName !== undefined && context.typeName.includes(':')) add(fromName(context.typeName, context.tableId, context.sitId));
  if (link?.sourceEntityTypeName !== undefined && link.sourceEntityTypeName.includes(':'))
    add(fromName(link.sourceEntityTypeName, link.sourceTableId, link.sitId));
  for (const table of tables) add({ typeName: table.entityTypeName, tableId: table.externalTableId, sitId: table.id, label: table.label });
  return choices;
}
