// jest-circus reads `testTimeout` only from the global config, never from a project, so the
// server project raises its own here: suites start a real server and, on PostgreSQL, a schema;
// a cap against hangs, far above an idle machine's need, so `npm run test:stress` passes too.
jest.setTimeout(120_000);
