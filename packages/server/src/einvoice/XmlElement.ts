/** An XML element with its namespace resolved to a URI (prefixes are only the writer's choice). */
export interface XmlElement {
  /** The namespace URI of the element, '' when it has none. */
  readonly namespace: string;
  /** The local name (without prefix). */
  readonly name: string;
  /** Attributes by their local name (e.g. `currencyID`, `schemeID`, `format`). */
  readonly attributes: Readonly<Record<string, string>>;
  /** The element's own text (its text and CDATA parts joined, trimmed). */
  readonly text: string;
  readonly children: readonly XmlElement[];
}
