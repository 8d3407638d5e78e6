// jest-circus reads `testTimeout` only from the global config, never from a project, so the
// tooling and e2e projects raise theirs here (ESLint start-up; server + Chromium start-up).
jest.setTimeout(180_000);
