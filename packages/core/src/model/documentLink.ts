/** A document's link to an ERP record as the client sees it (spec §3 "Document link"). */
export interface DocumentLink {
  dataAreaId: string;
  sourceTableId: number;
  sourceType: number;
  /** The record number shown to users, e.g. the vendor number "V10000". */
  sourceNumber: string;
  sourceEntityTypeName?: string;
  /** The ERP's key of the record (BC SystemId) the link points at. */
  recordId: string;
  sitId: number;
}
