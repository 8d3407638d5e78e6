/** One planned misbehaviour of the demo ERP's API. */
export type DemoErpFault = { kind: 'status'; status: 429 | 503; retryAfter: string | null } | { kind: 'hang' };

/**
 * Faults a test plans for the demo ERP: the next API calls answer 429/503 (with Retry-After) or
 * never answer. Handed to `startDemoErp` in code only — no route, variable or setting reaches it,
 * so `npm start` and any production configuration cannot switch it on.
 */
export class DemoErpFaults {
  private readonly planned: DemoErpFault[] = [];

  /** The next `count` API calls answer `status`, with `Retry-After: retryAfter` unless it is null. */
  failNext(status: 429 | 503, options: { count?: number; retryAfter?: string | null } = {}): void {
    for (let i = 0; i < (options.count ?? 1); i++) this.planned.push({ kind: 'status', status, retryAfter: options.retryAfter === undefined ? '0' : options.retryAfter });
  }

  /** The next API call is held and never answered (until the server closes). */
  hangNext(): void {
    this.planned.push({ kind: 'hang' });
  }

  /** The fault for the call being answered now, if one is planned. */
  take(): DemoErpFault | undefined {
    return this.planned.shift();
  }

  /** How many planned faults are still waiting. */
  get pending(): number {
    return this.planned.length;
  }
}
