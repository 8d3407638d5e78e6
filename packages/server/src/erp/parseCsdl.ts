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

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1], decodeXml(match[2] ?? match[3] ?? ''));
  }
  return attributes;
}

/** The element name without its XML namespace prefix ('edmx:Edmx' → 'Edmx'). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * Reads CSDL 4.0 XML (an OData v4 `$metadata`): entity types with their keys, properties and
 * navigation properties, the container's entity sets and the bound actions. A small element
 * scanner rather than an XML library: CSDL is plain elements and attributes, and annotations,
 * comments and processing instructions are skipped.
 */
export function parseCsdl(xml: string): SourceMetadata {
  if (!/<(\w+:)?Edmx[\s>]/.test(xml)) throw new CsdlError('The $metadata is not CSDL (no Edmx element).');
  const types: EntityTypeMetadata[] = [];
  const sets: { name: string; entityType: string }[] = [];
  const actions: EntityActionMetadata[] = [];
  const stack: string[] = [];
  let namespace = '';
  let type: EntityTypeMetadata | null = null;
  let action: { qualifiedName: string; bound: boolean; boundTo: string | null; firstParameterSeen: boolean } | null = null;
  const body = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  for (const match of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^>]*?)?)(\/?)>/g)) {
    const [, closing, rawName, attributeText, selfClosing] = match;
    const name = localName(rawName);
    if (closing === '/') {
      if (stack.pop() !== name) throw new CsdlError(`The $metadata is not well-formed XML near </${rawName}>.`);
      if (name === 'EntityType' && type !== null) {
        types.push(type);
        type = null;
      }
      if (name === 'Action' && action !== null) {
        actions.push({ qualifiedName: action.qualifiedName, boundTo: action.bound ? action.boundTo : null });
        action = null;
      }
      continue;
    }
    const attributes = attributesOf(attributeText);
    const parent = stack[stack.length - 1];
    if (name === 'Schema') namespace = attributes.get('Namespace') ?? '';
    if (name === 'EntityType') {
      const typeName = attributes.get('Name') ?? '';
      type = {
        qualifiedName: namespace === '' ? typeName : `${namespace}.${typeName}`,
        name: typeName,
        keys: [],
        properties: [],
        navigations: [],
        entitySet: null,
      };
    } else if (name === 'PropertyRef' && parent === 'Key' && type !== null) {
      type.keys.push(attributes.get('Name') ?? '');
    } else if (name === 'Property' && parent === 'EntityType' && type !== null) {
      const maxLength = attributes.get('MaxLength');
      type.properties.push({
        name: attributes.get('Name') ?? '',
        type: attributes.get('Type') ?? 'Edm.String',
        // CSDL: Nullable defaults to true.
        nullable: attributes.get('Nullable') !== 'false',
        maxLength: maxLength === undefined || !/^\d+$/.test(maxLength) ? null : Number(maxLength),
      });
    } else if (name === 'NavigationProperty' && parent === 'EntityType' && type !== null) {
      const target = attributes.get('Type') ?? '';
      const collection = /^Collection\((.+)\)$/.exec(target);
      type.navigations.push({
        name: attributes.get('Name') ?? '',
        targetType: collection === null ? target : collection[1],
        collection: collection !== null,
      });
    } else if (name === 'EntitySet' && parent === 'EntityContainer') {
      sets.push({ name: attributes.get('Name') ?? '', entityType: attributes.get('EntityType') ?? '' });
    } else if (name === 'Action') {
      const actionName = attributes.get('Name') ?? '';
      action = {
        qualifiedName: namespace === '' ? actionName : `${namespace}.${actionName}`,
        bound: attributes.get('IsBound') === 'true',
        boundTo: null,
        firstParameterSeen: false,
      };
    } else if (name === 'Parameter' && parent === 'Action' && action !== null && !action.firstParameterSeen) {
      // A bound action's first parameter is its binding parameter.
      action.firstParameterSeen = true;
      action.boundTo = attributes.get('Type') ?? null;
    }
    if (selfClosing !== '/') stack.push(name);
    else if (name === 'Action' && action !== null) {
      actions.push({ qualifiedName: action.qualifiedName, boundTo: null });
      action = null;
    }
  }
  if (stack.length > 0) throw new CsdlError(`The $metadata ends inside <${stack[stack.length - 1]}>.`);
  for (const set of sets) {
    const target = types.find((candidate) => candidate.qualifiedName === set.entityType);
    if (target !== undefined && target.entitySet === null) target.entitySet = set.name;
  }
  return { entityTypes: types, actions };
}
