import { DEMO_ERP_COMPANY_TYPE, DEMO_ERP_ENTITY_TYPES, DEMO_ERP_NAMESPACE, type DemoErpEntityType } from './demoErpEntityTypes';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function entityTypeXml(type: DemoErpEntityType): string {
  const properties = type.properties.map((property) => {
    const maxLength = property.maxLength === undefined ? '' : ` MaxLength="${property.maxLength}"`;
    // Edm.Decimal without Scale="Variable" would mean scale 0 to a strict client.
    const scale = property.type === 'Edm.Decimal' ? ' Scale="Variable"' : '';
    return `        <Property Name="${escapeXml(property.name)}" Type="${property.type}" Nullable="${property.nullable ? 'true' : 'false'}"${maxLength}${scale} />`;
  });
  const navigations = type.navigations.map((navigation) => {
    const target = DEMO_ERP_ENTITY_TYPES[navigation.targetSet].typeName;
    const typeName = navigation.collection ? `Collection(${DEMO_ERP_NAMESPACE}.${target})` : `${DEMO_ERP_NAMESPACE}.${target}`;
    return `        <NavigationProperty Name="${escapeXml(navigation.name)}" Type="${typeName}" />`;
  });
  return [
    `      <EntityType Name="${type.typeName}">`,
    '        <Key>',
    '          <PropertyRef Name="id" />',
    '        </Key>',
    ...properties,
    ...navigations,
    '      </EntityType>',
  ].join('\n');
}

/**
 * The demo ERP's `$metadata` (CSDL 4.0 XML), as Business Central's API v2.0 publishes it: the
 * Microsoft.NAV namespace, one EntityType per resource keyed by `id`, navigation properties,
 * the bound action `post` on purchase invoices, and the container's entity sets.
 */
export function demoErpMetadataXml(): string {
  const types = [DEMO_ERP_COMPANY_TYPE, ...Object.values(DEMO_ERP_ENTITY_TYPES)];
  const sets = types.map((type) => `        <EntitySet Name="${type.setName}" EntityType="${DEMO_ERP_NAMESPACE}.${type.typeName}" />`);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${DEMO_ERP_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
    ...types.map(entityTypeXml),
    '      <Action Name="post" IsBound="true">',
    `        <Parameter Name="bindingParameter" Type="${DEMO_ERP_NAMESPACE}.purchaseInvoice" />`,
    '      </Action>',
    '      <EntityContainer Name="default">',
    ...sets,
    '      </EntityContainer>',
    '    </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}

/**
 * The `$metadata` of an API the demo ERP serves beside v2.0 (the product's extension API,
 * demoErpExtensionApi.ts): the same namespace, its entity types and their sets, no actions.
 */
export function demoErpApiMetadataXml(types: readonly DemoErpEntityType[]): string {
  const sets = types.map((type) => `        <EntitySet Name="${type.setName}" EntityType="${DEMO_ERP_NAMESPACE}.${type.typeName}" />`);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${DEMO_ERP_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
    ...types.map(entityTypeXml),
    '      <EntityContainer Name="default">',
    ...sets,
    '      </EntityContainer>',
    '    </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}
