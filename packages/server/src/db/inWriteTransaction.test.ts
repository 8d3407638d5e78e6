import { inWriteTransaction } from './inWriteTransaction';
import { createUser, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';

describeOnEachDatabase('write transactions', (server) => {
  it('roll back every write of the action when one step fails', async () => {
    const username = unique('tx');
    await expect(
      inWriteTransaction(server().deps.db, async (trx) => {
        await trx.insertInto('groups').values({ name: username, description: '' }).execute();
        throw new Error('second step failed');
      }),
    ).rejects.toThrow('second step failed');
    const row = await server().deps.db.selectFrom('groups').select('id').where('name', '=', username).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('SECURITY row 23: 50 concurrent read-then-write actions neither fail nor lose an update', async () => {
    const user = await createUser(server(), unique('counter'));
    await server()
      .deps.db.insertInto('options')
      .values({ name: `counter-${user.id}`, data: '0' })
      .execute();
    const name = `counter-${user.id}`;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        inWriteTransaction(server().deps.db, async (trx) => {
          const read = trx.selectFrom('options').select('data').where('name', '=', name);
          // SQLite serialises through BEGIN IMMEDIATE; PostgreSQL needs the row lock.
          const current = await (server().dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirstOrThrow();
          await trx
            .updateTable('options')
            .set({ data: String(Number(current.data) + 1) })
            .where('name', '=', name)
            .execute();
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const final = await server().deps.db.selectFrom('options').select('data').where('name', '=', name).executeTakeFirstOrThrow();
    expect(final.data).toBe('50');
  });
});
