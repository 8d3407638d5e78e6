import { createGroup, createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('privileges (GET /api/can)', (server) => {
  let viaGroup: string;
  let deniedDirectly: string;
  beforeAll(async () => {
    const group = await createGroup(server(), unique('Deleters '), ['Cabinet: Delete', 'Notes: View Only']);
    viaGroup = (await createUser(server(), unique('u'), { groups: [group], privileges: { 'Cabinet: Email': true } })).username;
    deniedDirectly = (await createUser(server(), unique('u'), { groups: [group], privileges: { 'Cabinet: Delete': false } })).username;
  });

  it('GET /api/can?action= answers { action, value }: direct ∪ groups', async () => {
    const headers = server().authHeaders(viaGroup);
    for (const [action, value] of [
      ['Cabinet: Delete', true],
      ['Cabinet: Email', true],
      ['Security: Manager', false],
    ] as const) {
      const response = await server().inject({ url: `/api/can?action=${encodeURIComponent(action)}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ action, value });
    }
  });

  it('an explicit false on the user wins over a group grant', async () => {
    const response = await server().inject({ url: '/api/can?action=Cabinet%3A%20Delete', headers: server().authHeaders(deniedDirectly) });
    expect(response.json()).toEqual({ action: 'Cabinet: Delete', value: false });
  });

  it('GET /api/can/actions?action[]= answers Privilege[] in the asked order; unknown names → 400', async () => {
    const response = await server().inject({
      url: `/api/can/actions?action[]=${encodeURIComponent('Notes: View Only')}&action[]=${encodeURIComponent('Workflow: Approve')}`,
      headers: server().authHeaders(viaGroup),
    });
    expect(response.json()).toEqual([
      { action: 'Notes: View Only', value: true },
      { action: 'Workflow: Approve', value: false },
    ]);
    const unknown = await server().inject({ url: '/api/can?action=Cabinet%3A%20Fly', headers: server().authHeaders(viaGroup) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ exceptionType: 'ValidationError' });
  });
});
