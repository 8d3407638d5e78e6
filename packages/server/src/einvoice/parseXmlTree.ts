import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EInvoiceError } from './EInvoiceError';
import type { XmlElement } from './XmlElement';

/** A node of fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The five predefined entities and character references only: DOCTYPE declarations are refused before parsing.
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function localName(qualified: string): { prefix: string; local: string } {
  const colon = qualified.indexOf(':');
  return colon < 0 ? { prefix: '', local: qualified } : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function elementOf(node: OrderedNode, scope: ReadonlyMap<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
  if (tag === undefined || tag.startsWith('?') || tag === '#comment') return null;
  const rawAttributes = isRecord(node[':@']) ? node[':@'] : {};
  // Namespace declarations on this element apply to it and everything below (XML Namespaces §6.1).
  const inner = new Map(scope);
  for (const [name, value] of Object.entries(rawAttributes)) {
    if (name === 'xmlns') inner.set('', String(value));
    else if (name.startsWith('xmlns:')) inner.set(name.slice(6), String(value));
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawAttributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    attributes[localName(name).local] = String(value);
  }
  const { prefix, local } = localName(tag);
  const namespace = inner.get(prefix);
  if (namespace === undefined) throw new EInvoiceError(`The XML uses the namespace prefix '${prefix}' without declaring it.`);
  const rawChildren = Array.isArray(node[tag]) ? (node[tag] as OrderedNode[]) : [];
  const texts: string[] = [];
  const children: XmlElement[] = [];
  for (const child of rawChildren) {
    if ('#text' in child) texts.push(String(child['#text']));
    else {
      const element = elementOf(child, inner);
      if (element !== null) children.push(element);
    }
  }
  return { namespace, name: local, attributes, text: texts.join('').trim(), children };
}

/**
 * The root element of an XML document with every element's namespace resolved to its URI, or
 * EInvoiceError in words when it is not well-formed XML. A DOCTYPE is refused: no e-invoice syntax
 * has one, and its entity declarations are how XML bombs and external-entity reads are made.
 */
export function parseXmlTree(xml: string): XmlElement {
  if (/<!DOCTYPE/i.test(xml)) throw new EInvoiceError('The XML has a DOCTYPE declaration, which no e-invoice syntax allows.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new EInvoiceError(`The XML is not well-formed: ${valid.err.msg} (line ${valid.err.line}).`);
  const nodes = parser.parse(xml) as OrderedNode[];
  for (const node of nodes) {
    const element = elementOf(node, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
    if (element !== null) return element;
  }
  throw new EInvoiceError('The XML has no root element.');
}
