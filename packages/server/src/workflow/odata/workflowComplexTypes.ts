import type { ComplexTypeDefinition, PropertyDefinition } from '../../http/odata/EntitySetDefinition';
import { QUEUE_ACCESS_FLAG_NAMES } from './queueAccessObject';

function property(name: string, type: PropertyDefinition['type'], nullable: boolean): PropertyDefinition {
  return { name, type, nullable };
}

/**
 * The complex types the workflow entity sets use, in $metadata order: QueueAccess with the 28
 * flags, QueueFeatures, DelegateSchedule, MembershipSource; RecordLink, Record and RecordType of
 * a document's link (Documents).
 */
export const workflowComplexTypes: readonly ComplexTypeDefinition[] = [
  { name: 'QueueAccess', properties: QUEUE_ACCESS_FLAG_NAMES.map((flag) => property(flag, 'Edm.Boolean', false)) },
  { name: 'QueueFeatures', properties: [property('Features1', 'Edm.Int32', false), property('Features2', 'Edm.Int32', false)] },
  { name: 'DelegateSchedule', properties: [property('Start', 'Edm.DateTimeOffset', true), property('End', 'Edm.DateTimeOffset', true)] },
  { name: 'MembershipSource', properties: [property('From', 'Edm.String', false), property('Access', 'Datahaven.QueueAccess', false)] },
  {
    name: 'RecordType',
    properties: [
      property('ExternalTableId', 'Edm.Int32', false),
      property('ExternalTypeId', 'Edm.Int32', false),
      property('IntegratedTableId', 'Edm.Int32', false),
      property('FullTypeName', 'Edm.String', false),
    ],
  },
  {
    name: 'Record',
    properties: [
      property('RecordType', 'Datahaven.RecordType', false),
      property('SyntheticId', 'Edm.String', false),
      property('DataAreaId', 'Edm.String', false),
    ],
  },
  { name: 'RecordLink', properties: [property('Record', 'Datahaven.Record', false), property('SubtypeId', 'Edm.Int32', true)] },
];
