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
    expect(() => parseCsdl(BC_LIKE.slice(0, BC_LIKE.indexOf('</EntityContainer>')))).toThrow(/ends inside/);
  });
});
