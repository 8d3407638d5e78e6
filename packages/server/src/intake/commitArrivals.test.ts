import { createDocument, createWorld } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';

describeOnEachDatabase("commitArrivals and the option 'Default User Date to Today'", (server) => {
  const userDateOf = async (id: number): Promise<string | null> =>
    (await server().deps.db.selectFrom('documents').select('user_date1').where('id', '=', id).executeTakeFirstOrThrow()).user_date1;

  it('leaves the user date blank by default, and dates new documents today (12:00 UTC) when the option is on', async () => {
    const world = await createWorld(server());
    const upload = () =>
      createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, fileName: 'dated.pdf', uploader: world.clerk });
    expect(await userDateOf(await upload())).toBeNull();
    await server().deps.db.deleteFrom('options').where('name', '=', 'Default User Date to Today').execute();
    await server().deps.db.insertInto('options').values({ name: 'Default User Date to Today', data: 'true' }).execute();
    server().setNow(new Date('2026-03-14T23:30:00.000Z'));
    try {
      expect(await userDateOf(await upload())).toBe('2026-03-14T12:00:00.000Z');
    } finally {
      server().setNow(null);
      await server().deps.db.deleteFrom('options').where('name', '=', 'Default User Date to Today').execute();
    }
  });
});
