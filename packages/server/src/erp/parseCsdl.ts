import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One structural property of an entity type. */
export interface EntityPropertyMetadata {
  name: string;
  /** The Edm type, e.g. 'Edm.String', 'Edm.Decimal', 'Edm.Date'. */
  type: string;
  nullable: boolean;
  maxLength: number | null;
}

/** One navigation property: the related type and whether it is a collection. */
export interface EntityNavigationMetadata {
  name: string;
  /** The qualified target type, e.g. 'Microsoft.NAV.vendor'. */
  targetType: string;
  collection: boolean;
}

/** An entity type of a source, as its $metadata declares it. */
export interface EntityTypeMetadata {
  /** Qualified name, e.g. 'Microsoft.NAV.purchaseInvoice'. */
  qualifiedName: string;
  /** The name inside its namespace, e.g. 'purchaseInvoice'. */
  name: string;
  keys: string[];
  properties: EntityPropertyMetadata[];
  navigations: EntityNavigationMetadata[];
  /** The entity set that holds it in the container, if any (e.g. 'purchaseInvoices'). */
  entitySet: string | null;
}

/** A bound action (e.g. Microsoft.NAV.post on purchaseInvoice). */
export interface EntityActionMetadata {
  qualifiedName: string;
  /** The qualified type it is bound to, null for an unbound action. */
  boundTo: string | null;
}

/** What a source's $metadata says, parsed once and cached by the connector. */
export interface SourceMetadata {
  entityTypes: EntityTypeMetadata[];
  actions: EntityActionMetadata[];
}

/** $metadata that is not CSDL the connector can read. */
export class CsdlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsdlError';
  }
}

/** One XML element as the parser hands it on: local name, attributes (entities decoded), child elements. */
interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
}

/**
 * fast-xml-parser in document order (`preserveOrder`): every node is `{ <name>: children, ':@': attributes }`.
 * Namespace prefixes are dropped (`edmx:Edmx` → `Edmx`, whatever prefix a source declares), attribute
 * values stay strings, character references are decoded (`htmlEntities` turns on numeric ones too),
 * and comments, processing instructions and CDATA text never become elements.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
});

const ATTRIBUTES_KEY = ':@';

/** The elements among the parser's ordered nodes (text nodes skipped). */
function elementsOf(nodes: unknown): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  const elements: XmlElement[] = [];
  for (const node of nodes as unknown[]) {
    if (typeof node !== 'object' || node === null) continue;
    const entries = Object.entries(node as Record<string, unknown>);
    const tag = entries.find(([key]) => key !== ATTRIBUTES_KEY && !key.startsWith('#') && !key.startsWith('?'));
    if (tag === undefined) continue;
    const attributes: Record<string, string> = {};
    const rawAttributes = (node as Record<string, unknown>)[ATTRIBUTES_KEY];
    if (typeof rawAttributes === 'object' && rawAttributes !== null) {
      for (const [key, value] of Object.entries(rawAttributes as Record<string, unknown>)) {
        if (typeof value === 'string') attributes[key] = value;
      }
    }
    elements.push({ name: tag[0], attributes, children: elementsOf(tag[1]) });
  }
  return elements;
}

function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/**
 * The alias → namespace map of a CSDL document: every `Schema` and `edmx:Include` may declare an
 * alias (`<Schema Namespace="Microsoft.NAV" Alias="NAV">`), and a qualified name may use either.
 */
function aliasesOf(edmx: XmlElement): Map<string, string> {
  const aliases = new Map<string, string>();
  const visit = (element: XmlElement): void => {
    if ((element.name === 'Schema' || element.name === 'Include') && element.attributes.Alias !== undefined) {
      aliases.set(element.attributes.Alias, element.attributes.Namespace ?? '');
    }
    // Aliases are declared only at the document's top levels (Reference/Include, DataServices/Schema).
    if (element.name === 'Edmx' || element.name === 'Reference' || element.name === 'DataServices') element.children.forEach(visit);
  };
  visit(edmx);
  return aliases;
}

/** A type name with its namespace spelled out: 'NAV.vendor' → 'Microsoft.NAV.vendor', also inside Collection(…). */
function qualify(aliases: ReadonlyMap<string, string>, typeName: string): string {
  const trimmed = typeName.trim();
  const collection = /^Collection\((.+)\)$/.exec(trimmed);
  if (collection !== null) return `Collection(${qualify(aliases, collection[1])})`;
  const dot = trimmed.lastIndexOf('.');
  if (dot === -1) return trimmed;
  const namespace = aliases.get(trimmed.slice(0, dot));
  return namespace === undefined ? trimmed : `${namespace}.${trimmed.slice(dot + 1)}`;
}

function entityTypeOf(element: XmlElement, namespace: string, aliases: ReadonlyMap<string, string>): EntityTypeMetadata {
  const typeName = element.attributes.Name ?? '';
  const keys = childrenNamed(element, 'Key').flatMap((key) => childrenNamed(key, 'PropertyRef').map((ref) => ref.attributes.Name ?? ''));
  const properties = childrenNamed(element, 'Property').map((property): EntityPropertyMetadata => {
    const maxLength = property.attributes.MaxLength?.trim();
    return {
      name: property.attributes.Name ?? '',
      type: qualify(aliases, property.attributes.Type ?? 'Edm.String'),
      // CSDL: Nullable defaults to true.
      nullable: property.attributes.Nullable?.trim() !== 'false',
      maxLength: maxLength === undefined || !/^\d+$/.test(maxLength) ? null : Number(maxLength),
    };
  });
  const navigations = childrenNamed(element, 'NavigationProperty').map((navigation): EntityNavigationMetadata => {
    const target = qualify(aliases, navigation.attributes.Type ?? '');
    const collection = /^Collection\((.+)\)$/.exec(target);
    return {
      name: navigation.attributes.Name ?? '',
      targetType: collection === null ? target : collection[1],
      collection: collection !== null,
    };
  });
  return {
    qualifiedName: namespace === '' ? typeName : `${namespace}.${typeName}`,
    name: typeName,
    keys,
    properties,
    navigations,
    entitySet: null,
  };
}

function actionOf(element: XmlElement, namespace: string, aliases: ReadonlyMap<string, string>): EntityActionMetadata {
  const actionName = element.attributes.Name ?? '';
  // A bound action's first parameter is its binding parameter.
  const binding = element.attributes.IsBound?.trim() === 'true' ? childrenNamed(element, 'Parameter')[0]?.attributes.Type : undefined;
  return {
    qualifiedName: namespace === '' ? actionName : `${namespace}.${actionName}`,
    boundTo: binding === undefined ? null : qualify(aliases, binding),
  };
}

/**
 * Reads CSDL 4.0 XML (an OData v4 `$metadata`) with an XML parser (fast-xml-parser): entity types
 * with their keys, properties and navigation properties, the container's entity sets and the bound
 * actions. Whatever namespace prefixes the document uses, and names qualified by a schema's alias,
 * come out as the namespace-qualified names the connector matches on; annotations, comments,
 * CDATA and processing instructions never count as declarations.
 */
export function parseCsdl(xml: string): SourceMetadata {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new CsdlError(`The $metadata is not well-formed XML (line ${wellFormed.err.line}).`);
  const edmx = elementsOf(parser.parse(xml)).find((element) => element.name === 'Edmx');
  if (edmx === undefined) throw new CsdlError('The $metadata is not CSDL (no Edmx element).');
  const aliases = aliasesOf(edmx);
  const types: EntityTypeMetadata[] = [];
  const sets: { name: string; entityType: string }[] = [];
  const actions: EntityActionMetadata[] = [];
  for (const schema of childrenNamed(edmx, 'DataServices').flatMap((services) => childrenNamed(services, 'Schema'))) {
    const namespace = schema.attributes.Namespace?.trim() ?? '';
    for (const element of schema.children) {
      if (element.name === 'EntityType') types.push(entityTypeOf(element, namespace, aliases));
      else if (element.name === 'Action') actions.push(actionOf(element, namespace, aliases));
      else if (element.name === 'EntityContainer') {
        for (const set of childrenNamed(element, 'EntitySet'))
          sets.push({ name: set.attributes.Name ?? '', entityType: qualify(aliases, set.attributes.EntityType ?? '') });
      }
    }
  }
  for (const set of sets) {
    const target = types.find((candidate) => candidate.qualifiedName === set.entityType);
    if (target !== undefined && target.entitySet === null) target.entitySet = set.name;
  }
  return { entityTypes: types, actions };
}
