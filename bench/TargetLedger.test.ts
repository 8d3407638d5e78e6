import { TargetLedger } from './TargetLedger';
import { targetSummary } from './targetSummary';

describe('TargetLedger', () => {
  it('answers PASS, MISS and UNJUDGED and keeps every target in order', () => {
    const ledger = new TargetLedger();
    expect(ledger.judge('load', 'sqlite: listing', '250 req/s', '≥ 200 req/s', true)).toBe('PASS');
    expect(ledger.judge('load', 'sqlite: listing while uploading', '150 req/s', '≥ 200 req/s', false)).toBe('MISS');
    expect(ledger.judge('pdf', 'split', '10 ms', '≤ 1.5× qpdf', null, 'qpdf not installed')).toBe('UNJUDGED');
    expect(ledger.targets().map((target) => [target.measure, target.verdict, target.reason])).toEqual([
      ['sqlite: listing', 'PASS', ''],
      ['sqlite: listing while uploading', 'MISS', ''],
      ['split', 'UNJUDGED', 'qpdf not installed'],
    ]);
  });

  it('refuses a target left unjudged without a reason', () => {
    const ledger = new TargetLedger();
    expect(() => ledger.judge('pdf', 'split', 'n/a', '≤ 1.5× qpdf', null)).toThrow('no reason was given');
    expect(ledger.targets()).toEqual([]);
  });

  it('sums the verdicts up and lists each target that did not pass, with why when unjudged', () => {
    const ledger = new TargetLedger();
    ledger.judge('ui', 'initial JS', '352.7 KB', '≤ 250.0 KB', false);
    ledger.judge('ui', 'folder list', '800 ms', '< 1000 ms', true);
    ledger.judge('pdf', 'split', 'n/a', '≤ 1.5× qpdf', null, 'qpdf not installed');
    expect(targetSummary(ledger.targets())).toEqual([
      'Targets: 3 judged — 1 PASS, 1 MISS, 1 UNJUDGED',
      '  MISS ui: initial JS = 352.7 KB, target ≤ 250.0 KB',
      '  UNJUDGED pdf: split = n/a, target ≤ 1.5× qpdf (qpdf not installed)',
    ]);
  });
});
