/** One planned misbehaviour of the demo ERP's API. */
export type DemoErpFault = { kind: 'status'; status: 429 | 503; retryAfter: string | null } | { kind: 'hang' } | { kind: 'hold'; until: Promise<void> };

/** Calls held until one call for each of `parts` has arrived (holdTogether). */
interface Gathering {
  waiting: Set<string>;
  release: () => void;
  until: Promise<void>;
}

/**
 * Faults a test plans for the demo ERP: the next API calls answer 429/503 (with Retry-After),
 * never answer, or wait for one another (holdTogether). Handed to `startDemoErp` in code only — no route, variable or setting reaches it,
 * so `npm start` and any production configuration cannot switch it on.
 */
export class DemoErpFaults {
  private readonly planned: DemoErpFault[] = [];
  private readonly gatherings: Gathering[] = [];

  /** The next `count` API calls answer `status`, with `Retry-After: retryAfter` unless it is null. */
  failNext(status: 429 | 503, options: { count?: number; retryAfter?: string | null } = {}): void {
    for (let i = 0; i < (options.count ?? 1); i++) this.planned.push({ kind: 'status', status, retryAfter: options.retryAfter === undefined ? '0' : options.retryAfter });
  }

  /** The next API call is held and never answered (until the server closes). */
  hangNext(): void {
    this.planned.push({ kind: 'hang' });
  }

  /**
   * The next call whose URL holds each of `parts` is held until such a call has arrived for every
   * part (at most `limitMs`), then all are answered. Two requests of the product that each ask the ERP are thereby
   * both past their checks before either writes: a race made certain instead of hoped for.
   */
  holdTogether(parts: readonly string[], limitMs = 10_000): void {
    let release = (): void => undefined;
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.gatherings.push({ waiting: new Set(parts), release, until });
    // A call that never comes (its request failed before the ERP) must not hold the others for
    // ever: after `limitMs` they go on, and the gathering stays pending for the test to see.
    setTimeout(release, limitMs).unref();
  }

  /** The fault for the call to `url` being answered now, if one is planned. */
  take(url = ''): DemoErpFault | undefined {
    for (const gathering of this.gatherings) {
      const part = [...gathering.waiting].find((candidate) => url.includes(candidate));
      if (part === undefined) continue;
      gathering.waiting.delete(part);
      if (gathering.waiting.size === 0) {
        this.gatherings.splice(this.gatherings.indexOf(gathering), 1);
        gathering.release();
      }
      return { kind: 'hold', until: gathering.until };
    }
    return this.planned.shift();
  }

  /** How many planned faults are still waiting. */
  get pending(): number {
    return this.planned.length + this.gatherings.length;
  }
}
