import { parseWholeNumber } from './envParsers';

/** How much memory decoding and converting files may take (DEPLOYMENT.md, "Memory"). */
export interface MemoryLimits {
  /** Sum of the estimated costs of the decode and conversion jobs running at once; more waits. */
  budgetBytes: number;
  /** JS heap ceiling of each decode worker (`resourceLimits.maxOldGenerationSizeMb`). */
  workerHeapMb: number;
  /** A worker whose memory (heap, buffers, PDFium's WASM memory) passed this after a job is replaced. */
  workerRecycleBytes: number;
  /** Most bytes one compressed PDF stream may expand to; past it the upload is refused in words. */
  pdfStreamLimitBytes: number;
}

const MB = 1024 * 1024;

function megabytes(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  return parseWholeNumber(name, text, min, max, `a number of megabytes from ${min} to ${max}`);
}

/**
 * Reads DATAHAVEN_MEMORY_BUDGET_MB (1024), DATAHAVEN_WORKER_HEAP_MB (512),
 * DATAHAVEN_WORKER_RECYCLE_MB (256) and DATAHAVEN_PDF_STREAM_LIMIT_MB (256); throws naming the
 * setting on a value that is not a whole number in range.
 */
export function loadMemoryLimits(env: NodeJS.ProcessEnv = process.env): MemoryLimits {
  return {
    budgetBytes: megabytes(env, 'DATAHAVEN_MEMORY_BUDGET_MB', 1024, 64, 1_048_576) * MB,
    workerHeapMb: megabytes(env, 'DATAHAVEN_WORKER_HEAP_MB', 512, 64, 65_536),
    workerRecycleBytes: megabytes(env, 'DATAHAVEN_WORKER_RECYCLE_MB', 256, 16, 1_048_576) * MB,
    pdfStreamLimitBytes: megabytes(env, 'DATAHAVEN_PDF_STREAM_LIMIT_MB', 256, 1, 65_536) * MB,
  };
}
