import type { ComplexTypeDefinition, EntitySetDefinition, ODataCaller } from './EntitySetDefinition';

/** The schema namespace of every type the data service declares. */
export const ODATA_NAMESPACE = 'Datahaven';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function property(name: string, type: string, nullable: boolean): string {
  return `        <Property Name="${escapeXml(name)}" Type="${escapeXml(type)}" Nullable="${nullable ? 'true' : 'false'}"/>`;
}

/**
 * The CSDL (OData v4 XML) of the service: the complex types the modules declare, one entity type
 * per set with its key and properties, and the entity container, so a client can discover sets,
 * keys and properties.
 */
export function metadataDocument<C extends ODataCaller>(
  sets: readonly EntitySetDefinition<C>[],
  complexTypes: readonly ComplexTypeDefinition[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${ODATA_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
  ];
  for (const type of complexTypes) {
    lines.push(
      `      <ComplexType Name="${escapeXml(type.name)}">`,
      ...type.properties.map((p) => `  ${property(p.name, p.type, p.nullable)}`),
      '      </ComplexType>',
    );
  }
  for (const set of sets) {
    lines.push(`      <EntityType Name="${escapeXml(set.entityType)}">`);
    lines.push(`        <Key>${set.keys.map((key) => `<PropertyRef Name="${escapeXml(key)}"/>`).join('')}</Key>`);
    for (const p of set.properties) lines.push(property(p.name, p.type, p.nullable));
    lines.push('      </EntityType>');
  }
  lines.push('      <EntityContainer Name="Container">');
  for (const set of sets)
    lines.push(`        <EntitySet Name="${escapeXml(set.name)}" EntityType="${ODATA_NAMESPACE}.${escapeXml(set.entityType)}"/>`);
  lines.push('      </EntityContainer>', '    </Schema>', '  </edmx:DataServices>', '</edmx:Edmx>', '');
  return lines.join('\n');
}
