// jest-circus reads `testTimeout` only from the global config, never from a project, so the
// server project raises its own here: suites start a real server and, on PostgreSQL, a schema.
jest.setTimeout(60_000);
