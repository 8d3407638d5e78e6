/**
 * How long testing-library's findBy / waitFor wait, and how long a jsdom test may run, before
 * they give up. Whole-app renders with lazy chunks and Fluent's focus manager take seconds on a
 * busy 2-core CI machine (and several times that while `npm run test:stress` runs CPU hogs
 * beside the suite): these are caps against hangs, never timing assertions, so they are set
 * far above what a test needs on an idle machine. jest-circus reads `testTimeout` only from the
 * global config, never from a project, hence jest.setTimeout here.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 30_000 });
jest.setTimeout(120_000);
