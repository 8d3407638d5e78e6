import { createUser } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { ENTITY_SEARCH_REFUSED } from './entityTypeRoutes';

interface Description {
  name: string;
  entitySet: string | null;
  keys: string[];
  properties: { name: string }[];
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`GET /api/entities/{name} through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let clerk: string;
    let sales: string;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      clerk = (await createUser(server, 'entity-clerk', { privileges: { 'Dynamics: Link to Existing': true } })).username;
      sales = (await createUser(server, 'entity-sales')).username;
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const get = (url: string, username = clerk) => server.inject({ url, headers: server.authHeaders(username) });

    it('answers the entity type as its $metadata describes it; with columnSetName=pushLink only that column set', async () => {
      const all = await get('/api/entities/bc:Microsoft.NAV.vendor');
      expect(all.statusCode).toBe(200);
      const full = all.json<Description>();
      expect(full).toMatchObject({ name: 'bc:Microsoft.NAV.vendor', entitySet: 'vendors', keys: ['id'] });
      const pushLink = (await get('/api/entities/bc:Microsoft.NAV.vendor?columnSetName=pushLink')).json<Description>();
      const columns = (await get('/api/entity-types/bc:Microsoft.NAV.vendor/properties?columnSetName=pushLink')).json<{ name: string }[]>();
      expect(pushLink.properties.map((property) => property.name).sort()).toEqual(columns.map((property) => property.name).sort());
      expect(pushLink.properties.length).toBeLessThan(full.properties.length);
    });

    it("refuses a user without 'Dynamics: Link to Existing' (403), and names an unknown type (404), never a 500", async () => {
      const refused = await get('/api/entities/bc:Microsoft.NAV.vendor', sales);
      expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({
        status: 403,
        message: ENTITY_SEARCH_REFUSED,
      });
      expect((await get('/api/entities/bc:Microsoft.NAV.nothing')).statusCode).toBe(404);
      expect((await get('/api/entities/not-a-name')).statusCode).toBe(400);
    });
  });
}
