import { embedAnnotationsByDefault, oneBurnInAtATime, pdfFileNameOf, wantsEmbeddedAnnotations } from './annotatedPdf';

describe('embedding annotations by default', () => {
  it('is off unless DATAHAVEN_EMBED_ANNOTATIONS says on', () => {
    expect(embedAnnotationsByDefault({})).toBe(false);
    expect(embedAnnotationsByDefault({ DATAHAVEN_EMBED_ANNOTATIONS: '' })).toBe(false);
    expect(embedAnnotationsByDefault({ DATAHAVEN_EMBED_ANNOTATIONS: 'no' })).toBe(false);
    for (const on of ['1', 'true', 'YES', ' on ']) expect(embedAnnotationsByDefault({ DATAHAVEN_EMBED_ANNOTATIONS: on })).toBe(true);
  });

  it('yields to the request when it names embedAnnotations', () => {
    const on = { DATAHAVEN_EMBED_ANNOTATIONS: 'true' };
    expect(wantsEmbeddedAnnotations(undefined, on)).toBe(true);
    expect(wantsEmbeddedAnnotations('', {})).toBe(false);
    expect(wantsEmbeddedAnnotations('false', on)).toBe(false);
    expect(wantsEmbeddedAnnotations('0', on)).toBe(false);
    expect(wantsEmbeddedAnnotations('true', {})).toBe(true);
    expect(wantsEmbeddedAnnotations('1', {})).toBe(true);
  });
});

describe('pdfFileNameOf', () => {
  it('swaps the extension for .pdf', () => {
    expect(pdfFileNameOf('scan.tiff')).toBe('scan.pdf');
    expect(pdfFileNameOf('Invoice 1001.pdf')).toBe('Invoice 1001.pdf');
    expect(pdfFileNameOf('noext')).toBe('noext.pdf');
    expect(pdfFileNameOf('.hidden')).toBe('.hidden.pdf');
  });
});

describe('oneBurnInAtATime', () => {
  it('starts the next burn-in only after the previous one has settled, in order, past failures', async () => {
    const events: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const first = oneBurnInAtATime(
      () =>
        new Promise<string>((resolve) => {
          events.push('first started');
          releaseFirst = () => resolve('first');
        }),
    );
    const second = oneBurnInAtATime(async () => {
      events.push('second started');
      throw new Error('broken PDF');
    });
    const third = oneBurnInAtATime(async () => {
      events.push('third started');
      return 'third';
    });
    // Let every queued microtask run: only the first may have started.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(events).toEqual(['first started']);
    releaseFirst();
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toThrow('broken PDF');
    await expect(third).resolves.toBe('third');
    expect(events).toEqual(['first started', 'second started', 'third started']);
  });
});
