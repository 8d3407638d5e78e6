import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMemoryLimits } from '../config/memoryLimits';
import { PdfiumPool, WORKER_OUT_OF_MEMORY_MESSAGE } from './pdfiumPool';
import { PdfWorkError } from './PdfWorkError';
import { RenderTimeoutError } from './RenderTimeoutError';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;
let pdfPath: string;
let pool: PdfiumPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-pool-'));
  pdfPath = join(dir, 'doc.pdf');
  await writeFile(pdfPath, await makeTextPdf(['one', 'two', 'three', 'four']));
});

beforeEach(() => {
  pool = new PdfiumPool(2);
});

afterEach(async () => {
  await pool.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PdfiumPool', () => {
  test('runs more jobs than workers, each with its own answer', async () => {
    const texts = await Promise.all([1, 2, 3, 0, 1, 2, 3, 0].map((index) => pool.run({ kind: 'text', path: pdfPath, pageIndex: index })));
    expect(texts.map((text) => text.trim())).toEqual(['two', 'three', 'four', 'one', 'two', 'three', 'four', 'one']);
    expect(await pool.run({ kind: 'pageCount', path: pdfPath })).toBe(4);
  });

  test('a job over its time box rejects with RenderTimeoutError and the pool keeps working', async () => {
    await expect(pool.run({ kind: 'render', path: pdfPath, pageIndex: 0, width: 1600, maxPixels: 1e7 }, 1)).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );
    const bitmap = await pool.run({ kind: 'render', path: pdfPath, pageIndex: 0, width: 100, maxPixels: 1e7 });
    expect(bitmap.width).toBe(100);
    expect(bitmap.data.length).toBe(bitmap.width * bitmap.height * 4);
  });

  test('a worker that grew past the recycle threshold is replaced after its job, and the next job gets a fresh one', async () => {
    const limits = { ...loadMemoryLimits({}), workerRecycleBytes: 1024 * 1024 };
    const small = new PdfiumPool(1, limits);
    try {
      // PDFium's WASM memory alone is more than 1 MB: every job leaves a worker past the threshold.
      expect(await small.run({ kind: 'pageCount', path: pdfPath })).toBe(4);
      expect(small.recycled).toBe(1);
      expect(await small.run({ kind: 'pageCount', path: pdfPath })).toBe(4);
      expect(small.recycled).toBe(2);
    } finally {
      await small.close();
    }
    expect(pool.recycled).toBe(0);
    await pool.run({ kind: 'pageCount', path: pdfPath });
    expect(pool.recycled).toBe(0);
  });

  test('a worker that hits its heap ceiling is stopped and its job refused in words', async () => {
    // 8 MB of heap is less than the worker needs to load at all, so the ceiling is hit on the first job.
    const tiny = new PdfiumPool(1, { ...loadMemoryLimits({}), workerHeapMb: 8 });
    try {
      const refused = tiny.run({ kind: 'pageCount', path: pdfPath });
      await expect(refused).rejects.toBeInstanceOf(PdfWorkError);
      await expect(refused).rejects.toThrow(WORKER_OUT_OF_MEMORY_MESSAGE);
    } finally {
      await tiny.close();
    }
  });

  test('a closed pool refuses work', async () => {
    await pool.close();
    await expect(pool.run({ kind: 'pageCount', path: pdfPath })).rejects.toThrow('closed');
  });
});
