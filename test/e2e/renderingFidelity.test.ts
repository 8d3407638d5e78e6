import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  inkOf,
  meanAbsoluteDifference,
  OTHER_ENGINE_BLUR,
  OTHER_ENGINE_LIMIT,
  SAME_ENGINE_LIMIT,
  writeSideBySide,
} from '../rendering/compareImages';
import { makeRenderingCorpus } from '../rendering/corpus/makeRenderingCorpus';
import { type Observation, observeRenderingCorpus } from '../rendering/observeRenderingCorpus';
import { useBrowserSession } from './support/browserSession';

/** Share of words (as sets) the viewer's text layer and pdftotext must have in common. */
const WORD_OVERLAP_MIN = 0.8;

const session = useBrowserSession();
const failureDir = mkdtempSync(join(tmpdir(), 'datahaven-rendering-fidelity-'));
const observations: Observation[] = [];

/** A page as findings and figures name it: the file's name, and its page number after page 1. */
const nameOf = (seen: Observation): string => (seen.page === 1 ? seen.file.name : `${seen.file.name}-page${seen.page}`);

/** A finding about one file: its name, the check, the figure and where its side-by-side picture went. */
async function finding(name: string, check: string, figure: string, viewer?: Buffer, other?: Buffer): Promise<string> {
  const picture = viewer && other ? ` (${await writeSideBySide(failureDir, `${name}-${check}`, viewer, other)})` : '';
  return `${name}: ${check} ${figure}${picture}`;
}

// One pass over the whole corpus (upload, viewer, bare pdf.js, poppler, thumbnails): about two
// minutes on an idle 2-core machine, so more than the e2e project's 180 s per hook on a busy one.
const CORPUS_PASS_MS = 600_000;

beforeAll(async () => {
  const corpus = await makeRenderingCorpus();
  const setting = { baseUrl: session.server.baseUrl, page: await session.newWindow(), bare: await session.newWindow() };
  observations.push(...(await observeRenderingCorpus(setting, corpus)));
  process.stdout.write(
    `rendering fidelity: ${observations.length} pages of ${corpus.length} files; pictures of any finding in ${failureDir}\n`,
  );
}, CORPUS_PASS_MS);

describe('rendering fidelity: the viewer draws what pdf.js draws, the server what poppler draws', () => {
  it('draws every page of the corpus as bare pdf.js draws it (or, where pdf.js has a defect the viewer works around, as poppler does)', async () => {
    expect(observations.length).toBeGreaterThan(30);
    // A long file is compared on its first, middle and last pages, not page 1 alone.
    expect(observations.filter((seen) => seen.file.name === 'deep-tree-64').map((seen) => seen.page)).toEqual([1, 32, 64]);
    const findings: string[] = [];
    const figures: string[] = [];
    for (const seen of observations) {
      const { pdfjsDefect } = seen.file;
      const name = nameOf(seen);
      const against = seen.referencePng;
      const limit = pdfjsDefect === undefined ? SAME_ENGINE_LIMIT : OTHER_ENGINE_LIMIT;
      const difference = await meanAbsoluteDifference(seen.viewerPng, against, pdfjsDefect === undefined ? 0 : OTHER_ENGINE_BLUR);
      figures.push(`${name} ${difference.toFixed(2)}`);
      if (difference > limit)
        findings.push(
          await finding(
            name,
            pdfjsDefect === undefined ? 'viewer-vs-pdfjs' : 'viewer-vs-poppler',
            difference.toFixed(2),
            seen.viewerPng,
            against,
          ),
        );
      if (seen.file.image && (await inkOf(seen.viewerPng)) === 0)
        findings.push(await finding(name, 'blank-in-viewer', '0 ink', seen.viewerPng, against));
      if (seen.viewerPages !== seen.poppler.pages)
        findings.push(`${name}: ${seen.viewerPages} pages in the viewer, ${seen.poppler.pages} for pdfinfo`);
    }
    process.stdout.write(`viewer difference by file: ${figures.join(', ')}\n`);
    expect(findings).toEqual([]);
  });

  it("draws ImageMagick's three ICC grey files (sRGB profile, /N 1; plain, LZW, ASCII85), which bare pdf.js leaves blank", () => {
    const greys = observations.filter((seen) => seen.file.name.startsWith('imagemagick-icc-gray-'));
    expect(greys.map((seen) => seen.file.name)).toEqual([
      'imagemagick-icc-gray-plain',
      'imagemagick-icc-gray-lzw',
      'imagemagick-icc-gray-ascii85',
    ]);
    return Promise.all(greys.map(async (seen) => expect(await inkOf(seen.viewerPng)).toBeGreaterThan(1000)));
  });

  it("makes the server's thumbnail of every page look like poppler's drawing at the same size", async () => {
    const findings: string[] = [];
    const figures: string[] = [];
    for (const seen of observations) {
      const difference = await meanAbsoluteDifference(seen.thumbnailPng, seen.poppler.png, OTHER_ENGINE_BLUR);
      figures.push(`${nameOf(seen)} ${difference.toFixed(1)}`);
      if (difference > OTHER_ENGINE_LIMIT)
        findings.push(await finding(nameOf(seen), 'thumbnail-vs-pdftoppm', difference.toFixed(2), seen.thumbnailPng, seen.poppler.png));
    }
    process.stdout.write(`thumbnail difference by file: ${figures.join(', ')}\n`);
    expect(findings).toEqual([]);
  });

  it("gives the viewer's text layer the words pdftotext reads, and pdftotext the words each file was written with", () => {
    const findings: string[] = [];
    for (const seen of observations) {
      const viewer = new Set(seen.viewerWords);
      const poppler = new Set(seen.poppler.words);
      const union = new Set([...viewer, ...poppler]);
      const shared = [...viewer].filter((word) => poppler.has(word)).length;
      const overlap = union.size === 0 ? 1 : shared / union.size;
      if (overlap < WORD_OVERLAP_MIN)
        findings.push(
          `${nameOf(seen)}: word overlap ${overlap.toFixed(2)} (viewer: ${[...viewer].join(' ')} | pdftotext: ${[...poppler].join(' ')})`,
        );
      // The words a file was written with are its page 1's.
      const missing = seen.page === 1 ? seen.file.words.filter((word) => !poppler.has(word.toLowerCase())) : [];
      if (missing.length > 0) findings.push(`${nameOf(seen)}: pdftotext lacks ${missing.join(', ')}`);
    }
    expect(findings).toEqual([]);
  });
});
