/** One planned misbehaviour of the demo ERP's API. */
export type DemoErpFault =
  | { kind: 'status'; status: 429 | 503; retryAfter: string | null }
  | { kind: 'hang' }
  | { kind: 'hold'; until: Promise<void> };

/** Calls held until one call for each of `parts` has arrived (holdTogether). */
interface Gathering {
  waiting: Set<string>;
  release: () => void;
  until: Promise<void>;
  timer: NodeJS.Timeout;
}

/**
 * Faults a test plans for the demo ERP: the next API calls answer 429/503 (with Retry-After),
 * never answer, or wait for one another (holdTogether). Handed to `startDemoErp` in code only — no route, variable or setting reaches it,
 * so `npm start` and any production configuration cannot switch it on.
 */
export class DemoErpFaults {
  private readonly planned: DemoErpFault[] = [];
  private readonly gatherings: Gathering[] = [];
  /** Gatherings whose calls did not all come within their limit. */
  private expired = 0;

  /** The next `count` API calls answer `status`, with `Retry-After: retryAfter` unless it is null. */
  failNext(status: 429 | 503, options: { count?: number; retryAfter?: string | null } = {}): void {
    for (let i = 0; i < (options.count ?? 1); i++)
      this.planned.push({ kind: 'status', status, retryAfter: options.retryAfter === undefined ? '0' : options.retryAfter });
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
    // A call that never comes (its request failed before the ERP) must not hold the others for
    // ever: after `limitMs` they go on, the gathering is dropped (so it takes no later test's
    // call) and counted in `pending` for the test to see.
    const timer = setTimeout(() => {
      const index = this.gatherings.indexOf(gathering);
      if (index < 0) return;
      this.gatherings.splice(index, 1);
      this.expired += 1;
      release();
    }, limitMs).unref();
    const gathering: Gathering = { waiting: new Set(parts), release, until, timer };
    this.gatherings.push(gathering);
  }

  /** The fault for the call to `url` being answered now, if one is planned. */
  take(url = ''): DemoErpFault | undefined {
    for (const gathering of this.gatherings) {
      const part = [...gathering.waiting].find((candidate) => url.includes(candidate));
      if (part === undefined) continue;
      gathering.waiting.delete(part);
      if (gathering.waiting.size === 0) {
        this.gatherings.splice(this.gatherings.indexOf(gathering), 1);
        clearTimeout(gathering.timer);
        gathering.release();
      }
      return { kind: 'hold', until: gathering.until };
    }
    return this.planned.shift();
  }

  /** How many planned faults are still waiting, or expired without all their calls. */
  get pending(): number {
    return this.planned.length + this.gatherings.length + this.expired;
  }
}
