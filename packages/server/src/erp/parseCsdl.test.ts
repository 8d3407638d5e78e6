import { CsdlError, parseCsdl } from './parseCsdl';

/** A trimmed piece of Business Central's own API v2.0 $metadata: annotations, comments, entities in attribute values, a composite key. */
const BC_LIKE = `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:DataServices>
    <Schema Namespace="Microsoft.NAV" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <!-- <EntityType Name="commentedOut"/> -->
      <EntityType Name="dimensionSetLine">
        <Key><PropertyRef Name="id" /><PropertyRef Name="parentId" /></Key>
        <Property Name="id" Type="Edm.Guid" Nullable="false" />
        <Property Name="parentId" Type="Edm.Guid" Nullable="false" />
        <Property Name="displayName" Type="Edm.String" MaxLength="100">
          <Annotation Term="Core.Description" String="Name &amp; &quot;label&quot;" />
        </Property>
      </EntityType>
      <EntityType Name="vendor">
        <Key><PropertyRef Name="id" /></Key>
        <Property Name="id" Type="Edm.Guid" Nullable="false" />
        <Property Name="balance" Type="Edm.Decimal" Scale="Variable" />
        <NavigationProperty Name="currency" Type="Microsoft.NAV.currency" />
        <NavigationProperty Name="defaultDimensions" Type="Collection(Microsoft.NAV.dimensionSetLine)" ContainsTarget="true" />
      </EntityType>
      <Action Name="post" IsBound="true"><Parameter Name="bindingParameter" Type="Microsoft.NAV.salesInvoice" /></Action>
      <Action Name="ping" />
      <EntityContainer Name="NAV">
        <EntitySet Name="vendors" EntityType="Microsoft.NAV.vendor">
          <NavigationPropertyBinding Path="currency" Target="currencies" />
        </EntitySet>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>`;

describe('parseCsdl', () => {
  it('reads entity types, composite keys, properties, navigations, actions and sets; skips comments and annotations', () => {
    const metadata = parseCsdl(BC_LIKE);
    expect(metadata.entityTypes.map((t) => t.qualifiedName)).toEqual(['Microsoft.NAV.dimensionSetLine', 'Microsoft.NAV.vendor']);
    const [line, vendor] = metadata.entityTypes;
    expect(line.keys).toEqual(['id', 'parentId']);
    expect(line.entitySet).toBeNull();
    expect(line.properties[2]).toEqual({ name: 'displayName', type: 'Edm.String', nullable: true, maxLength: 100 });
    expect(vendor.entitySet).toBe('vendors');
    expect(vendor.properties).toEqual([
      { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null },
      { name: 'balance', type: 'Edm.Decimal', nullable: true, maxLength: null },
    ]);
    expect(vendor.navigations).toEqual([
      { name: 'currency', targetType: 'Microsoft.NAV.currency', collection: false },
      { name: 'defaultDimensions', targetType: 'Microsoft.NAV.dimensionSetLine', collection: true },
    ]);
    expect(metadata.actions).toEqual([
      { qualifiedName: 'Microsoft.NAV.post', boundTo: 'Microsoft.NAV.salesInvoice' },
      { qualifiedName: 'Microsoft.NAV.ping', boundTo: null },
    ]);
  });

  it('refuses what is not CSDL, or XML cut off', () => {
    expect(() => parseCsdl('<html><body>Sign in</body></html>')).toThrow(CsdlError);
    expect(() => parseCsdl(BC_LIKE.slice(0, BC_LIKE.indexOf('</EntityContainer>')))).toThrow(/not well-formed XML/);
    expect(() => parseCsdl(BC_LIKE.replace('</Key>', '</Keys>'))).toThrow(CsdlError);
    expect(() => parseCsdl('<!-- <edmx:Edmx> --><html><body>Sign in</body></html>')).toThrow(/no Edmx element/);
  });

  it('reads what a regex scanner misreads: other prefixes, aliases, ">" in attribute values, whitespace, comments and CDATA', () => {
    // Each variant is legal CSDL a real source may send; the element scanner this parser replaced
    // took `>` inside an attribute value for the end of the tag and knew no aliases.
    const variants = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<!-- generated: <EntityType Name="ghostBeforeRoot"> -->
<x:Edmx Version="4.0" xmlns:x="http://docs.oasis-open.org/odata/ns/edmx">
  <x:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">
    <x:Include Namespace="Org.OData.Core.V1" Alias="Core" />
  </x:Reference>
  <x:DataServices>
    <edm:Schema xmlns:edm="http://docs.oasis-open.org/odata/ns/edm" Namespace="Microsoft.NAV" Alias="NAV">
      <edm:EntityType
          Name = 'vendor'>
        <edm:Key>
          <edm:PropertyRef	Name="id"/>
        </edm:Key>
        <edm:Property Name="id" Type="Edm.Guid" Nullable="false"/>
        <edm:Property Name="note" Type="Edm.String" MaxLength=" 250 ">
          <edm:Annotation Term="Core.Description" String="shown when balance > 0 /> or &lt;EntityType Name=&quot;x&quot;&gt;" />
        </edm:Property>
        <!-- <edm:Property Name="retired" Type="Edm.String"/> -- kept for history > -->
        <edm:Property Name="status" Type="NAV.vendorStatus" />
        <edm:NavigationProperty Name="lines" Type="Collection(NAV.vendorLine)" />
        <edm:Annotation Term="Core.LongDescription"><edm:String><![CDATA[<EntityType Name="ghostInCdata"><Key/></EntityType>]]></edm:String></edm:Annotation>
      </edm:EntityType>
      <edm:EntityType Name="vendorLine">
        <edm:Key><edm:PropertyRef Name="sequence" /></edm:Key>
        <edm:Property Name="sequence" Type="Edm.Int32" Nullable="false" />
        <edm:Property Name="amount&#x20;due" Type="Edm.Decimal" />
      </edm:EntityType>
      <edm:Action Name="block" IsBound="true">
        <edm:Parameter Name="bindingParameter" Type="NAV.vendor" />
        <edm:Parameter Name="reason" Type="Edm.String" />
      </edm:Action>
      <?editor fold="true" <EntityType Name="ghostInPi"/> ?>
      <edm:EntityContainer Name="NAV">
        <edm:EntitySet Name="vendors" EntityType="NAV.vendor" />
        <edm:EntitySet Name="vendorLines" EntityType="Microsoft.NAV.vendorLine" />
      </edm:EntityContainer>
    </edm:Schema>
  </x:DataServices>
</x:Edmx>`;
    const metadata = parseCsdl(variants);
    expect(metadata.entityTypes.map((t) => [t.qualifiedName, t.entitySet, t.keys])).toEqual([
      ['Microsoft.NAV.vendor', 'vendors', ['id']],
      ['Microsoft.NAV.vendorLine', 'vendorLines', ['sequence']],
    ]);
    const [vendor, line] = metadata.entityTypes;
    expect(vendor.properties).toEqual([
      { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null },
      { name: 'note', type: 'Edm.String', nullable: true, maxLength: 250 },
      { name: 'status', type: 'Microsoft.NAV.vendorStatus', nullable: true, maxLength: null },
    ]);
    expect(vendor.navigations).toEqual([{ name: 'lines', targetType: 'Microsoft.NAV.vendorLine', collection: true }]);
    expect(line.properties.map((property) => property.name)).toEqual(['sequence', 'amount due']);
    expect(metadata.actions).toEqual([{ qualifiedName: 'Microsoft.NAV.block', boundTo: 'Microsoft.NAV.vendor' }]);
  });
});
