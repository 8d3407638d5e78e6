/** The integrated table a subtype belongs to, as the client sees it (spec §3 "Subtype"). */
export interface SubtypeTable {
  label: string;
  sitId: number;
}

/** A document subtype of an integrated table (spec §3 "Subtype": id, text, order, integratedTable). */
export interface Subtype {
  id: number;
  text: string;
  order: number;
  integratedTable: SubtypeTable;
  /** The custom-data category documents of this subtype fill in (portal §3 Subtype CategoryId), or null. */
  categoryId: number | null;
}

/** A page of subtypes (GET /api/v2/subtype). */
export interface SubtypePage {
  subtypes: Subtype[];
  total: number;
  skip: number;
  take: number;
}

/** Body of PUT /api/documents/{id}/subtype. */
export interface SubtypeChange {
  /** The new subtype's id; it must belong to the integrated table of the document's link. */
  subtype: number;
  /** Sent by the spec's client; the server checks permissions regardless. */
  ignorePermissions?: boolean;
  /** The row version the window saw; a different stored version answers 409. */
  rowVersion?: number;
}

/** Body of POST /api/subtypes. */
export interface NewSubtype {
  sitId: number;
  text: string;
  order?: number;
  categoryId?: number | null;
}

/** Body of PUT /api/integrated-tables/{sitId}/subtypes/{id}: the fields to change. */
export interface SubtypeUpdate {
  text?: string;
  order?: number;
  categoryId?: number | null;
}

/** Longest subtype text accepted. */
export const MAX_SUBTYPE_TEXT_LENGTH = 100;
