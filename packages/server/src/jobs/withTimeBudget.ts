import type { ClaimedJob } from './claimJob';
import { FileFaultError } from './FileFaultError';
import type { JobHandler } from './JobHandler';

/** A job handler that stops at its next step once `signal` is aborted. */
export type BudgetedJobHandler = (job: ClaimedJob, signal: AbortSignal) => Promise<void>;

/**
 * Gives every run of `handler` a time budget: once `budgetMs` has passed, the run's signal is
 * aborted; the handler stops at its next step (each step — a PDFium render, an image conversion
 * — is time-boxed in the worker pool, so that is soon) and the run fails with a `FileFaultError`
 * (no retry). The run settles before the job is failed, so no work of it goes on afterwards.
 */
export function withTimeBudget(handler: BudgetedJobHandler, budgetMs: number): JobHandler {
  return async (job) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), budgetMs);
    try {
      await handler(job, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
    if (controller.signal.aborted) {
      throw new FileFaultError(`The job ran past its time budget of ${Math.round(budgetMs / 1000)} s and was stopped.`);
    }
  };
}
