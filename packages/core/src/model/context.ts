/** How the ERP client is shown; Phone and Tablet disable the View action (spec §2). */
export type ClientType = 'Phone' | 'Tablet' | 'Desktop';

/** The ERP record the iframe is looking at (spec §3 "Context"). */
export interface ErpContext {
  dataAreaId?: string;
  recordId?: string;
  typeName?: string;
  sitId?: number;
  tableId?: number;
  sourceType?: number;
  clientType?: ClientType;
  namespaces?: string[];
  prefixes?: string[];
  relatedRecordId?: string;
  relatedDataAreaId?: string;
  relatedTypeName?: string;
  relatedTableId?: number;
  relatedSitId?: number;
  isCapturable?: boolean;
}
