import { migrationsFor } from '../../db/migrations';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('GET /api/version', (server) => {
  it('answers version, build and schema version without a token', async () => {
    const response = await server().inject({ url: '/api/version' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: '0.1.0',
      build: 'bc-20250530.2',
      schemaVersion: Object.keys(migrationsFor(server().deps.dialect)).length,
    });
  });
});
