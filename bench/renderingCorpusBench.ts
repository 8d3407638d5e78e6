import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { inkOf, meanAbsoluteDifference, OTHER_ENGINE_BLUR, SAME_ENGINE_LIMIT } from '../test/rendering/compareImages';
import { makeRenderingCorpus } from '../test/rendering/corpus/makeRenderingCorpus';
import { observeRenderingCorpus } from '../test/rendering/observeRenderingCorpus';
import type { BenchRow } from './printTable';
import { benchTargets } from './TargetLedger';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The rendering suite's corpus (test/e2e/renderingFidelity.test.ts) as a bench row (issue 42):
 * how many of its pages the viewer drew, the median difference from bare pdf.js in the same
 * Chromium (from poppler where pdf.js has a defect the viewer works around), the median time from
 * a document's route to its page drawn, and the whole pass (upload, viewer, references).
 */
export async function measureRenderingCorpus(browser: Browser, baseUrl: string): Promise<BenchRow[]> {
  const corpus = await makeRenderingCorpus();
  const viewerContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const bareContext = await browser.newContext();
  try {
    const started = performance.now();
    const observations = await observeRenderingCorpus(
      { baseUrl, page: await viewerContext.newPage(), bare: await bareContext.newPage() },
      corpus,
    );
    const wholeMs = performance.now() - started;
    const drawn = (await Promise.all(observations.map((seen) => inkOf(seen.viewerPng)))).filter((ink) => ink > 0).length;
    const differences = await Promise.all(
      observations.map((seen) =>
        seen.file.pdfjsDefect === undefined
          ? meanAbsoluteDifference(seen.viewerPng, seen.barePng)
          : meanAbsoluteDifference(seen.viewerPng, seen.referencePng, OTHER_ENGINE_BLUR),
      ),
    );
    const worst = Math.max(...differences);
    const worstName = observations[differences.indexOf(worst)].file.name;
    const drawTimes = observations.map((seen) => seen.drawMs).filter((ms): ms is number => ms !== null);
    const measure = `rendering corpus (${corpus.length} generated PDFs, ${observations.length} pages: the first, middle and last of each): pages the viewer drew with ink`;
    const defects = observations.filter((seen) => seen.file.pdfjsDefect !== undefined).length;
    const sameMeasure = `  median difference from bare pdf.js, same Chromium and size (from poppler for the ${defects} files pdf.js cannot draw; mean grey 0–255 at 96 px; worst ${worst.toFixed(2)}, ${worstName})`;
    return [
      {
        measure,
        value: `${drawn} / ${observations.length}`,
        budget: 'all',
        verdict: benchTargets.judge('ui', measure, `${drawn} / ${observations.length}`, 'all', drawn === observations.length),
      },
      {
        measure: sameMeasure,
        value: median(differences).toFixed(2),
        budget: `≤ ${SAME_ENGINE_LIMIT} (each)`,
        verdict: benchTargets.judge(
          'ui',
          sameMeasure,
          median(differences).toFixed(2),
          `≤ ${SAME_ENGINE_LIMIT} (each)`,
          worst <= SAME_ENGINE_LIMIT,
        ),
      },
      {
        measure: `  route → page 1 drawn with its text layer, same page and pdf.js worker (median of ${drawTimes.length})`,
        value: `${Math.round(median(drawTimes))} ms`,
        budget: '—',
        verdict: '',
      },
      {
        measure: '  the whole pass: upload, viewer, bare pdf.js, poppler, server thumbnails',
        value: `${(wholeMs / 1000).toFixed(1)} s`,
        budget: '—',
        verdict: '',
      },
    ];
  } finally {
    await viewerContext.close();
    await bareContext.close();
  }
}
