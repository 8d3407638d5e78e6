import { DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';
import { createUser } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { demoEntraObjectId } from './demoEntraObjectId';
import { provisionDemoEntraIdentities } from './provisionDemoEntraIdentities';

describeOnEachDatabase('provisionDemoEntraIdentities: demo users of an old data folder get their Entra ids', (server) => {
  const identityOf = (id: number) =>
    server().deps.db.selectFrom('users').select(['entra_tenant_id', 'entra_object_id']).where('id', '=', id).executeTakeFirstOrThrow();

  it('binds unbound demo users to the demo tenant and their object id; leaves bound users, taken ids and other users alone', async () => {
    const db = server().deps.db;
    const clerk = await createUser(server(), 'clerk');
    const approver = await createUser(server(), 'approver');
    const admin = await createUser(server(), 'admin');
    const sales = await createUser(server(), 'sales');
    const stranger = await createUser(server(), 'not-a-demo-user');
    // The approver was bound elsewhere by an administrator; someone else holds the admin's demo id.
    const elsewhere = { entra_tenant_id: DEMO_ENTRA_TENANT_ID, entra_object_id: 'ffffffff-0000-4000-8000-000000000001' };
    await db.updateTable('users').set(elsewhere).where('id', '=', approver.id).execute();
    const adminOid = { entra_tenant_id: DEMO_ENTRA_TENANT_ID, entra_object_id: demoEntraObjectId('admin') };
    await db.updateTable('users').set(adminOid).where('id', '=', sales.id).execute();

    expect(await provisionDemoEntraIdentities(db)).toBe(1);
    expect(await identityOf(clerk.id)).toEqual({ entra_tenant_id: DEMO_ENTRA_TENANT_ID, entra_object_id: demoEntraObjectId('clerk') });
    expect(await identityOf(approver.id)).toEqual(elsewhere);
    expect(await identityOf(admin.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
    expect(await identityOf(sales.id)).toEqual(adminOid);
    expect(await identityOf(stranger.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
    // Once bound, a second start binds nothing more.
    expect(await provisionDemoEntraIdentities(db)).toBe(0);
  });
});
