import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MemoryLimits } from '../config/memoryLimits';
import { loadMemoryLimits } from '../config/memoryLimits';
import { MemoryBudget } from './MemoryBudget';
import type { ReleaseMemory } from './MemoryBudget';
import type { PdfiumRequest, PdfiumResponse, PdfiumResults, PdfiumTask } from './pdfiumProtocol';
import { PdfWorkError } from './PdfWorkError';
import { PdfExpansionError } from './PdfExpansionError';
import { PdfProtectedError } from './PdfProtectedError';
import { RenderTimeoutError } from './RenderTimeoutError';

/** Default time box of one PDFium job (SECURITY.md row 7). */
export const PDFIUM_TIMEOUT_MS = 20_000;

/**
 * How long a worker without work is kept: a thumbnail run or a viewer paging reuses it (and the
 * document it keeps open); an idle server gives PDFium's memory back (SECURITY.md, "Memory").
 */
export const WORKER_IDLE_MS = 15_000;

/** Budgeted cost of a job that decodes nothing large (a page count, a small page): what a worker's PDFium and heap take anyway. */
export const BASE_JOB_COST_BYTES = 32 * 1024 * 1024;

/** The words when a worker hits its heap ceiling (the job is refused, the worker replaced). */
export const WORKER_OUT_OF_MEMORY_MESSAGE = 'The file needs more memory to open than the server allows.';

/**
 * Compiled, the worker is `dist/pdf/pdfiumWorker.js` next to this file. Under ts-jest this file
 * is `src/pdf/pdfiumPool.ts` and Node cannot run the `.ts` worker by itself, so the worker is
 * started from this tiny CommonJS bootstrap that registers ts-node (transpile only) first. The
 * production path never loads ts-node; the bootstrap picks by the extension of this very file.
 */
const WORKER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.script.endsWith('.ts')) {
  require('ts-node').register({ transpileOnly: true, skipProject: true, compilerOptions: { module: 'commonjs', target: 'es2022', esModuleInterop: true } });
}
require(workerData.script);
`;

function workerScript(): string {
  const extension = __filename.endsWith('.ts') ? '.ts' : '.js';
  return join(__dirname, `pdfiumWorker${extension}`);
}

interface Job {
  id: number;
  task: PdfiumTask;
  timeoutMs: number;
  resolve: (value: PdfiumResults[PdfiumTask['kind']]) => void;
  reject: (error: Error) => void;
  /** Gives the job's share of the memory budget back (once it settled, whichever way). */
  release: ReleaseMemory;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Ends the worker after WORKER_IDLE_MS without work. */
  idle: NodeJS.Timeout | null;
}

function toError(response: Extract<PdfiumResponse, { ok: false }>): Error {
  if (response.errorName === 'PdfProtectedError') return new PdfProtectedError();
  if (response.errorName === 'PdfExpansionError') return new PdfExpansionError(response.message);
  return response.errorName === 'RangeError' ? new RangeError(response.message) : new PdfWorkError(response.message);
}

/**
 * A fixed pool of worker threads running PDFium (and sharp and pdf-lib for conversions), one job
 * per worker at a time, queued in order. Memory is bounded three ways (SECURITY.md, "Memory"):
 * each job first takes its estimated cost from the server's `MemoryBudget` (more waits); each
 * worker runs with a JS heap ceiling (`resourceLimits`); and a worker whose memory (heap, buffers,
 * PDFium's WASM memory, which can grow but never shrink) passed the recycle threshold after a job
 * is terminated and replaced, so what a large file took goes back to the system. A job that
 * overruns its time box rejects with `RenderTimeoutError` and its worker is terminated and
 * replaced (WASM cannot be interrupted any other way).
 */
export class PdfiumPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly budget: MemoryBudget;
  private nextId = 1;
  private closed = false;
  /** Workers replaced because they grew past the recycle threshold (for tests and metrics). */
  recycled = 0;

  constructor(
    private readonly size: number = Math.max(1, availableParallelism()),
    /** The memory settings this pool runs under. */
    readonly limits: MemoryLimits = loadMemoryLimits(),
  ) {
    this.budget = new MemoryBudget(limits.budgetBytes);
  }

  /**
   * Runs `task` on a free worker once `costBytes` (its estimated memory) fits the budget; rejects
   * after `timeoutMs` (counted from the start on a worker, not the wait for budget).
   */
  async run<K extends PdfiumTask['kind']>(
    task: Extract<PdfiumTask, { kind: K }>,
    timeoutMs: number = PDFIUM_TIMEOUT_MS,
    costBytes: number = BASE_JOB_COST_BYTES,
  ): Promise<PdfiumResults[K]> {
    if (this.closed) throw new Error('The PDFium pool is closed.');
    const release = await this.budget.acquire(costBytes);
    if (this.closed) {
      release();
      throw new Error('The PDFium pool is closed.');
    }
    return new Promise<PdfiumResults[K]>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        timeoutMs,
        // The worker answers with the result type of the task kind it was sent (pdfiumProtocol).
        resolve: resolve as (value: PdfiumResults[PdfiumTask['kind']]) => void,
        reject,
        release,
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker and rejects queued jobs. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.release();
      job.reject(new Error('The PDFium pool is closed.'));
    }
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.timer !== null) clearTimeout(slot.timer);
      if (slot.idle !== null) clearTimeout(slot.idle);
      slot.job?.release();
      slot.job?.reject(new Error('The PDFium pool is closed.'));
      slot.job = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (slot === undefined) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (job === undefined) return;
      this.start(slot, job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { script: workerScript() },
      // The JS heap ceiling; native memory (WASM, sharp) is bounded by the budget and recycling.
      resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb },
    });
    // An idle pool must not keep the process (or a test run) alive.
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idle: null };
    worker.on('message', (response: PdfiumResponse) => this.settle(slot, response));
    worker.on('error', (error: Error) => this.fail(slot, error));
    worker.on('exit', (code) => {
      if (slot.job !== null) this.fail(slot, new Error(`PDFium worker exited with code ${code}.`));
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idle !== null) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.fail(slot, new RenderTimeoutError(job.timeoutMs)), job.timeoutMs);
    const request: PdfiumRequest = { id: job.id, task: job.task };
    slot.worker.postMessage(request);
  }

  private finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    job?.release();
    return job;
  }

  private settle(slot: Slot, response: PdfiumResponse): void {
    if (slot.job === null || slot.job.id !== response.id) return;
    const job = this.finish(slot);
    if (job === null) return;
    if (response.ok) job.resolve(response.result);
    else job.reject(toError(response));
    if (response.memoryBytes > this.limits.workerRecycleBytes) this.retire(slot, true);
    this.dispatch();
    if (slot.job === null && this.slots.includes(slot)) {
      slot.idle = setTimeout(() => this.retire(slot, false), WORKER_IDLE_MS);
      // A pending retirement must not keep the process alive.
      slot.idle.unref();
    }
  }

  /**
   * Terminates an idle worker that grew too large (`grew`) or has had nothing to do for
   * WORKER_IDLE_MS; the next job gets a fresh one, and its memory goes back to the system.
   */
  private retire(slot: Slot, grew: boolean): void {
    if (slot.idle !== null) clearTimeout(slot.idle);
    slot.idle = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (grew) this.recycled += 1;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
  }

  /** A timed-out or crashed worker is discarded; the next job gets a fresh one. */
  private fail(slot: Slot, error: Error): void {
    const job = this.finish(slot);
    if (slot.idle !== null) clearTimeout(slot.idle);
    // A worker that hit its heap ceiling is gone; the job is refused in words, not as a crash.
    const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    job?.reject(outOfMemory ? new PdfWorkError(WORKER_OUT_OF_MEMORY_MESSAGE) : error);
    this.dispatch();
  }
}

let shared: PdfiumPool | null = null;

/** The process-wide pool, sized to the cores, created on first use. */
export function getPdfiumPool(): PdfiumPool {
  shared ??= new PdfiumPool();
  return shared;
}
