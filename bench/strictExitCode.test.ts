import { TargetLedger } from './TargetLedger';
import { strictExitCode } from './strictExitCode';

function ledgerWith(...verdicts: (boolean | null)[]): TargetLedger {
  const ledger = new TargetLedger();
  verdicts.forEach((met, index) => ledger.judge('ui', `measure ${index}`, '1 ms', '< 2 ms', met, met === null ? 'tool missing' : ''));
  return ledger;
}

describe('strictExitCode', () => {
  it('exits 0 with --strict when every target passed', () => {
    expect(strictExitCode(ledgerWith(true, true).targets(), true)).toBe(0);
  });

  it('exits 1 with --strict when one target was missed among passes', () => {
    expect(strictExitCode(ledgerWith(true, false, true).targets(), true)).toBe(1);
  });

  it('exits 1 with --strict when a target could not be judged', () => {
    expect(strictExitCode(ledgerWith(true, null).targets(), true)).toBe(1);
  });

  it('exits 0 without --strict even when targets were missed: the benches then only print', () => {
    expect(strictExitCode(ledgerWith(false, null).targets(), false)).toBe(0);
  });

  it('exits 0 with --strict when no bench judged anything (none of the chosen benches has a target)', () => {
    expect(strictExitCode([], true)).toBe(0);
  });
});
