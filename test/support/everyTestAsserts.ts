// Every test of every project runs at least one assertion: one that passes having checked nothing
// claims what it never looked at (an early return, a wait that is never compared, a branch that
// skips its expect). jest fails such a test at its end with "Expected at least one assertion to be
// called but received none". A test of what happens, not what a value is, says so with an expect
// on the state it waited for. Proved by test/lint/everyTestAsserts.test.ts.
beforeEach(() => {
  expect.hasAssertions();
});
