import { PDFDocument } from '@cantoo/pdf-lib';
import { NOT_IN_HISTORY, queueStaysOf } from './evidenceContents';
import type { EvidenceHistoryRow } from './evidenceContents';
import { PdfTextFlow } from './pdfTextFlow';
import { pdfText } from './test/pdfText';

function row(action: string, from: [number, string] | null, to: [number, string] | null, at: string, who = 'ann'): EvidenceHistoryRow {
  return {
    position: 0,
    at,
    who,
    action,
    fromQueue: from?.[1] ?? null,
    toQueue: to?.[1] ?? null,
    fromQueueId: from?.[0] ?? null,
    toQueueId: to?.[0] ?? null,
    level: null,
    amount: null,
    amountCurrency: null,
    limit: null,
    limitCurrency: null,
    overrideReason: null,
    note: null,
    rowHash: null,
  };
}

const INBOX: [number, string] = [1, 'Inbox'];
const L1: [number, string] = [2, 'Approval L1'];
const L2: [number, string] = [3, 'Approval L2'];

describe('queueStaysOf', () => {
  it('opens a stay at each move and closes it at the next; submit, link and unlink stay put', () => {
    const stays = queueStaysOf(
      [
        row('import', null, INBOX, 't1'),
        row('submit', INBOX, INBOX, 't2'),
        row('link', INBOX, INBOX, 't3'),
        row('route', INBOX, L1, 't4', 'bob'),
        row('approve', L1, L2, 't5', 'cy'),
      ],
      { id: 3, name: 'Approval L2' },
    );
    expect(stays).toEqual([
      { queue: 'Inbox', enteredAt: 't1', enteredBy: 'ann', enteredHow: 'import', leftAt: 't4', leftBy: 'bob', leftHow: 'route' },
      { queue: 'Approval L1', enteredAt: 't4', enteredBy: 'bob', enteredHow: 'route', leftAt: 't5', leftBy: 'cy', leftHow: 'approve' },
      { queue: 'Approval L2', enteredAt: 't5', enteredBy: 'cy', enteredHow: 'approve', leftAt: null, leftBy: null, leftHow: null },
    ]);
  });

  it('names an entry no history row records (a document placed by the seed, history from before it was kept)', () => {
    expect(queueStaysOf([row('approve', L1, L2, 't5')], { id: 3, name: 'Approval L2' })[0]).toEqual({
      queue: 'Approval L1',
      enteredAt: null,
      enteredBy: null,
      enteredHow: NOT_IN_HISTORY,
      leftAt: 't5',
      leftBy: 'ann',
      leftHow: 'approve',
    });
    expect(queueStaysOf([], { id: 1, name: 'Inbox' })).toEqual([
      { queue: 'Inbox', enteredAt: null, enteredBy: null, enteredHow: NOT_IN_HISTORY, leftAt: null, leftBy: null, leftHow: null },
    ]);
    expect(queueStaysOf([], null)).toEqual([]);
  });
});

describe('PdfTextFlow', () => {
  it("prints what the standard font cannot encode as '?', never failing on a name or note", async () => {
    const pdf = await PDFDocument.create();
    const flow = await PdfTextFlow.create(pdf);
    expect(flow.printable('Zoë Müller – 5 €')).toBe('Zoë Müller – 5 €');
    expect(flow.printable('Łódź 東京\tok\u0007')).toBe('?ód? ?? ok?');
    flow.paragraph('Łukasz approved 東京 invoice');
    const { pages } = await pdfText(Buffer.from(await pdf.save()));
    expect(pages[0]).toContain('?ukasz approved ?? invoice');
  });

  it('wraps at word boundaries and cuts a word wider than the column', async () => {
    const flow = await PdfTextFlow.create(await PDFDocument.create());
    const lines = flow.wrap('one two three four five six seven', 40, 9);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('one two three four five six seven');
    const cut = flow.wrap('f'.repeat(64), 60, 7);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.join('')).toBe('f'.repeat(64));
    expect(flow.wrap('first\nsecond', 500, 9)).toEqual(['first', 'second']);
  });
});
