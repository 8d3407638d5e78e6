import { isCiRun } from './isCiRun';
import type { RequirementAbsence, TestRequirement } from './TestRequirement';

/** A requirement that is missing, with why. */
interface Missing {
  requirement: TestRequirement;
  absence: RequirementAbsence;
}

/** The first of `requirements` that is missing, or null when all are there. */
function firstMissing(requirements: readonly TestRequirement[]): Missing | null {
  for (const requirement of requirements) {
    const absence = requirement.absence();
    if (absence !== null) return { requirement, absence };
  }
  return null;
}

/** The failure a CI run reports instead of skipping: what is missing and how to provide it. */
export function missingRequirementError(requirement: TestRequirement, absence: RequirementAbsence): Error {
  return new Error(
    `${requirement.name} is missing (${absence.reason}) and CI=true: a CI run never skips a test for what it lacks. To provide it: ${requirement.howToProvide}.`,
  );
}

/** `missingRequirementError` of a missing requirement. */
function ciFailure({ requirement, absence }: Missing): Error {
  return missingRequirementError(requirement, absence);
}

/** The title of a test or block skipped for want of something, as jest reports it and test/support/skippedTestsReporter.cjs groups it. */
export function skippedTitle(title: string, absence: RequirementAbsence): string {
  return `${title} (skipped: ${absence.reason})`;
}

/** A `describe` whose block runs only where its requirements are there. */
export type DescribeNeeding = (title: string, body: () => void) => void;

/** An `it` whose test runs only where its requirements are there. */
export type ItNeeding = (title: string, fn: jest.ProvidesCallback, timeout?: number) => void;

/**
 * `describe` for a block whose tests need `requirements` (PostgreSQL, python3, …). Where all are
 * there, the block is declared as it is. Where one is missing, the block's tests are declared
 * skipped, with the reason in the block's title ("… (skipped: DATAHAVEN_TEST_DATABASE_URL not
 * set)"), so jest counts and names them; under CI=true the block instead holds one failing test
 * naming what is missing — unless the run declared it goes without (RequirementAbsence.declared).
 */
export function describeNeeding(...requirements: TestRequirement[]): DescribeNeeding {
  return (title, body) => {
    const missing = firstMissing(requirements);
    if (missing === null) describe(title, body);
    else if (isCiRun() && !missing.absence.declared)
      describe(title, () => {
        it(`needs ${missing.requirement.name}: ${missing.absence.reason}`, () => {
          throw ciFailure(missing);
        });
      });
    else describe.skip(skippedTitle(title, missing.absence), body);
  };
}

/** `it` for one test that needs `requirements`: declared, skipped with the reason, or failing under CI=true, as describeNeeding. */
export function itNeeding(...requirements: TestRequirement[]): ItNeeding {
  return (title, fn, timeout) => {
    const missing = firstMissing(requirements);
    if (missing === null) it(title, fn, timeout);
    else if (isCiRun() && !missing.absence.declared)
      it(title, () => {
        throw ciFailure(missing);
      });
    else it.skip(skippedTitle(title, missing.absence), fn, timeout);
  };
}
