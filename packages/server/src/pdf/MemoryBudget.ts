/** Gives back what `MemoryBudget.acquire` took. */
export type ReleaseMemory = () => void;

interface Waiter {
  cost: number;
  grant: (release: ReleaseMemory) => void;
}

/**
 * A per-server memory budget for decoding and converting files: a semaphore weighted by each
 * job's estimated cost in bytes (pixels × 4 for an image, the decoded streams for a PDF). Work
 * that would take the total past the budget waits, in order, instead of running; a single job
 * costing more than the whole budget runs alone (clamped), so it is slow but never refused here.
 */
export class MemoryBudget {
  private inUse = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly totalBytes: number) {}

  /** Bytes currently granted. */
  get used(): number {
    return this.inUse;
  }

  /** Resolves once `cost` bytes fit (FIFO: a large job is not starved by small ones behind it). */
  acquire(cost: number): Promise<ReleaseMemory> {
    const clamped = Math.min(this.totalBytes, Math.max(0, Math.ceil(cost)));
    return new Promise((grant) => {
      this.waiting.push({ cost: clamped, grant });
      this.grantWaiting();
    });
  }

  private grantWaiting(): void {
    while (this.waiting.length > 0) {
      const next = this.waiting[0];
      if (this.inUse > 0 && this.inUse + next.cost > this.totalBytes) return;
      this.waiting.shift();
      this.inUse += next.cost;
      let released = false;
      next.grant(() => {
        if (released) return;
        released = true;
        this.inUse -= next.cost;
        this.grantWaiting();
      });
    }
  }
}
