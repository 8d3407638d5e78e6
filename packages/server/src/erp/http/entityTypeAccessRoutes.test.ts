import { createGroup, createUser, grantTableAccess, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { ENTITY_ACCESS_REFUSED, SUBTYPE_NOT_OF_TABLE } from './entityTypeAccessRoutes';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('GET /api/entity-type/{type}/access and …/subtype/{subtype}/access', (server) => {
  let vendorSit: number;
  let invoiceSubtype: number;
  let letterSubtype: number;
  let otherSubtype: number;
  let clerk: User;
  let viewer: User;
  let noDynamics: User;

  beforeAll(async () => {
    const db = server().deps.db;
    const table = async (tableId: number, typeName: string, allowNewCard: 0 | 1): Promise<number> =>
      (
        await db
          .insertInto('integrated_tables')
          .values({
            external_table_id: tableId,
            source_type_id: 0,
            entity_type_name: typeName,
            label: typeName,
            product_type: 'bc',
            allow_new_card: allowNewCard,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    vendorSit = await table(23, 'bc:Microsoft.NAV.Vendor', 1);
    const otherSit = await table(18, 'bc:Microsoft.NAV.Customer', 0);
    const subtype = async (sitId: number, text: string): Promise<number> =>
      (
        await db
          .insertInto('subtypes')
          .values({ integrated_table_id: sitId, sort_order: 1, text, category_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    invoiceSubtype = await subtype(vendorSit, 'Invoice');
    letterSubtype = await subtype(vendorSit, 'Letter');
    otherSubtype = await subtype(otherSit, 'Statement');
    await db
      .insertInto('display_folders')
      .values({
        integrated_table_id: vendorSit,
        parent_id: null,
        text: 'Invoices',
        display_order: 1,
        sort_key: null,
        subtype_id: invoiceSubtype,
        allow_upload: 1,
      })
      .execute();
    await db
      .insertInto('display_folders')
      .values({
        integrated_table_id: vendorSit,
        parent_id: null,
        text: 'Letters',
        display_order: 2,
        sort_key: null,
        subtype_id: letterSubtype,
        allow_upload: 0,
      })
      .execute();
    const clerks = await createGroup(server(), unique('AP '), [
      'Cabinet: Import Documents',
      'Dynamics: Capture',
      'Dynamics: Link to Existing',
      'Dynamics: New Card From Document',
    ]);
    await grantTableAccess(server(), clerks, vendorSit, { canUpload: true, dataAreaId: 'CRONUS' });
    const readers = await createGroup(server(), unique('Readers '), ['Dynamics: Launch Card From Document']);
    await grantTableAccess(server(), readers, vendorSit);
    const bare = await createGroup(server(), unique('Bare '), ['Cabinet: Import Documents']);
    await grantTableAccess(server(), bare, vendorSit, { canUpload: true });
    clerk = await createUser(server(), unique('clerk'), { groups: [clerks] });
    viewer = await createUser(server(), unique('viewer'), { groups: [readers] });
    noDynamics = await createUser(server(), unique('bare'), { groups: [bare] });
  });

  const get = (url: string, user: User) => server().inject({ url, headers: server().authHeaders(user.username) });

  it("answers the caller's access on the type's records in a company, from privileges and table access", async () => {
    const response = await get('/api/entity-type/bc:Microsoft.NAV.Vendor/access?dataAreaId=CRONUS', clerk);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      entityTypeName: 'bc:Microsoft.NAV.Vendor',
      sitId: vendorSit,
      subtypeId: null,
      dataAreaId: 'CRONUS',
      view: true,
      upload: true,
      capture: true,
      link: true,
      unlink: false,
      newCard: true,
      launchCard: false,
      changeSubtype: false,
    });
    // Another company: the clerk's group grants CRONUS only.
    expect((await get('/api/entity-type/bc:vendors/access?dataAreaId=CRONUS-CA', clerk)).json()).toMatchObject({
      sitId: vendorSit,
      view: false,
      upload: false,
      capture: false,
      link: false,
      newCard: true,
    });
    expect((await get('/api/entity-type/bc:vendor/access?dataAreaId=CRONUS-CA', viewer)).json()).toMatchObject({
      view: true,
      upload: false,
      capture: false,
      link: false,
      launchCard: true,
    });
  });

  it('a subtype narrows upload and capture to a subtype whose folder takes uploads; a subtype of another table → 404', async () => {
    expect(
      (await get(`/api/entity-type/bc:Microsoft.NAV.Vendor/subtype/${invoiceSubtype}/access?dataAreaId=CRONUS`, clerk)).json(),
    ).toMatchObject({ subtypeId: invoiceSubtype, upload: true, capture: true });
    expect(
      (await get(`/api/entity-type/bc:Microsoft.NAV.Vendor/subtype/${letterSubtype}/access?dataAreaId=CRONUS`, clerk)).json(),
    ).toMatchObject({ subtypeId: letterSubtype, upload: false, capture: false, link: true });
    const foreign = await get(`/api/entity-type/bc:Microsoft.NAV.Vendor/subtype/${otherSubtype}/access`, clerk);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: SUBTYPE_NOT_OF_TABLE });
  });

  it('403 without any Dynamics privilege; 404 for a type no visible table holds; 400 for a malformed name', async () => {
    for (const url of [
      '/api/entity-type/bc:Microsoft.NAV.Vendor/access',
      `/api/entity-type/bc:Microsoft.NAV.Vendor/subtype/${invoiceSubtype}/access`,
    ]) {
      const refused = await get(url, noDynamics);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: ENTITY_ACCESS_REFUSED });
    }
    // The customer table is in no group of the clerk's.
    expect((await get('/api/entity-type/bc:Microsoft.NAV.Customer/access', clerk)).statusCode).toBe(404);
    expect((await get('/api/entity-type/vendor/access', clerk)).statusCode).toBe(400);
  });
});
