import { isCiRun } from '../../../packages/server/src/test/isCiRun';
import { skippedTitle } from '../../../packages/server/src/test/describeNeeding';
import { CHROMIUM } from './launchChromium';

// Every browser flow needs Chromium (its BrowserSession starts it before the file's tests). Where it
// is missing, this setup file of the e2e project declares each test of the file skipped, with the
// reason in its title, so jest counts and names them instead of failing on a launch error; the
// file's hooks then do not run (jest runs a block's hooks only for tests that run). Under CI=true
// nothing is skipped: BrowserSession.start fails each flow, naming what is missing.
const absence = CHROMIUM.absence();
if (absence !== null && (!isCiRun() || absence.declared)) {
  const skipping = (title: string, fn?: jest.ProvidesCallback, timeout?: number): void =>
    it.skip(skippedTitle(title, absence), fn, timeout);
  const declaredSkipped = Object.assign(skipping, it);
  globalThis.it = declaredSkipped as jest.It;
  globalThis.test = declaredSkipped as jest.It;
}
