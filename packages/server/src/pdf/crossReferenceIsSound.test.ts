import { PDFDocument } from '@cantoo/pdf-lib';
import { crossReferenceIsSound } from './crossReferenceIsSound';
import {
  classicPdf,
  randomAfterHeader,
  truncatedMidStream,
  withBadStartxref,
  withShiftedOffsets,
  withoutTrailer,
  xrefStreamPdf,
} from './test/damagedPdfs';

describe('crossReferenceIsSound', () => {
  let classic: Buffer;
  beforeAll(async () => {
    classic = await classicPdf(3, 'Sound');
  });

  it('accepts a classic xref table, an xref stream (pdf-lib) and an xref stream under the PNG predictor', async () => {
    const withObjectStreams = await PDFDocument.load(classic);
    expect(crossReferenceIsSound(classic)).toBe(true);
    expect(crossReferenceIsSound(Buffer.from(await withObjectStreams.save({ useObjectStreams: true })))).toBe(true);
    expect(crossReferenceIsSound(xrefStreamPdf())).toBe(true);
  });

  it('accepts an incremental update whose /Prev section is sound too', () => {
    const text = classic.toString('latin1');
    const firstXref = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
    const update = `\n4 0 obj\n<< /Producer (update) >>\nendobj\n`;
    const objectAt = classic.length + 1;
    const xrefAt = classic.length + update.length;
    const root = /\/Root \d+ 0 R/.exec(text)?.[0] ?? '';
    const section = `xref\n4 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 99 ${root} /Prev ${firstXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const updated = Buffer.concat([classic, Buffer.from(update + section, 'latin1')]);
    expect(crossReferenceIsSound(updated)).toBe(true);
    expect(crossReferenceIsSound(Buffer.from(updated.toString('latin1').replace(`/Prev ${firstXref}`, '/Prev 17'), 'latin1'))).toBe(false);
  });

  it('refuses a bad startxref, shifted offsets, a lost trailer, a cut-off file and noise after the header', () => {
    expect(crossReferenceIsSound(withBadStartxref(classic))).toBe(false);
    expect(crossReferenceIsSound(withShiftedOffsets(classic))).toBe(false);
    expect(crossReferenceIsSound(withoutTrailer(classic))).toBe(false);
    expect(crossReferenceIsSound(truncatedMidStream(classic))).toBe(false);
    expect(crossReferenceIsSound(randomAfterHeader())).toBe(false);
  });

  it('refuses an xref stream whose offsets are off, and a trailer without /Root', () => {
    expect(crossReferenceIsSound(xrefStreamPdf(3))).toBe(false);
    expect(crossReferenceIsSound(Buffer.from(classic.toString('latin1').replace(/\/Root \d+ 0 R/, ''), 'latin1'))).toBe(false);
  });
});
