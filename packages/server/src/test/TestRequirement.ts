/** Why something a test needs is not there. */
export interface RequirementAbsence {
  /** Put in the skipped test's title, e.g. "DATAHAVEN_TEST_DATABASE_URL not set". */
  reason: string;
  /**
   * True when the run was told to go without it (e.g. `DATAHAVEN_TEST_SQLITE_ONLY=1` on a leg
   * that covers SQLite only): such a run skips it even under CI=true.
   */
  declared: boolean;
}

/** Something a test needs from the machine beyond the repository: a database, a browser, a tool. */
export interface TestRequirement {
  /** Short name, e.g. "PostgreSQL". */
  name: string;
  /** How to provide it, said when a CI run lacks it. */
  howToProvide: string;
  /** Null when it is there; otherwise why not. Checked when tests are declared, so it must be quick. */
  absence(): RequirementAbsence | null;
}
