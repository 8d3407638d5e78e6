import type { EntitySetDefinition, ODataCaller } from './EntitySetDefinition';
import { QUEUE_ACCESS_FLAG_NAMES } from '../../workflow/odata/queueAccessObject';

/** The schema namespace of every type the data service declares. */
export const ODATA_NAMESPACE = 'Datahaven';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function property(name: string, type: string, nullable: boolean): string {
  return `        <Property Name="${escapeXml(name)}" Type="${escapeXml(type)}" Nullable="${nullable ? 'true' : 'false'}"/>`;
}

/**
 * The CSDL (OData v4 XML) of the service: the complex types (QueueAccess with the 28 flags,
 * QueueFeatures, DelegateSchedule, MembershipSource; RecordLink, Record and RecordType of a
 * document's link), one entity type per set with its key and
 * properties, and the entity container, so a client can discover sets, keys and properties.
 */
export function metadataDocument<C extends ODataCaller>(sets: readonly EntitySetDefinition<C>[]): string {
  const complexTypes = [
    ['QueueAccess', QUEUE_ACCESS_FLAG_NAMES.map((flag) => property(flag, 'Edm.Boolean', false))],
    ['QueueFeatures', [property('Features1', 'Edm.Int32', false), property('Features2', 'Edm.Int32', false)]],
    ['DelegateSchedule', [property('Start', 'Edm.DateTimeOffset', true), property('End', 'Edm.DateTimeOffset', true)]],
    ['MembershipSource', [property('From', 'Edm.String', false), property('Access', `${ODATA_NAMESPACE}.QueueAccess`, false)]],
    [
      'RecordType',
      [
        property('ExternalTableId', 'Edm.Int32', false),
        property('ExternalTypeId', 'Edm.Int32', false),
        property('IntegratedTableId', 'Edm.Int32', false),
        property('FullTypeName', 'Edm.String', false),
      ],
    ],
    [
      'Record',
      [
        property('RecordType', `${ODATA_NAMESPACE}.RecordType`, false),
        property('SyntheticId', 'Edm.String', false),
        property('DataAreaId', 'Edm.String', false),
      ],
    ],
    ['RecordLink', [property('Record', `${ODATA_NAMESPACE}.Record`, false), property('SubtypeId', 'Edm.Int32', true)]],
  ] as const;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${ODATA_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
  ];
  for (const [name, properties] of complexTypes) {
    lines.push(`      <ComplexType Name="${name}">`, ...properties.map((p) => `  ${p}`), '      </ComplexType>');
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
