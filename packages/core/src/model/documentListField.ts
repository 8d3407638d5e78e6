/** A column of the workflow document list (spec §3 "Document list field"; width defaults to 100). */
export interface DocumentListField {
  key: string;
  field: string;
  title: string;
  width: number;
  desc: boolean;
}
