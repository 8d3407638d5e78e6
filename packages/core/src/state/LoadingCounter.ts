import { Store } from './Store';

/** The loading counter's state: loading while the count is above 0 (spec §4 "Loading"). */
export interface LoadingSnapshot {
  count: number;
  status: 'loading' | 'idle';
}

const IDLE: LoadingSnapshot = { count: 0, status: 'idle' };

/** Counts work in progress; the shell shows its overlay from it (after 300 ms, or during uploads). */
export class LoadingCounter extends Store<LoadingSnapshot> {
  constructor() {
    super(IDLE);
  }

  /** Counts one piece of work; call the returned function (once; later calls do nothing) when it ends. */
  begin(): () => void {
    this.change(+1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.change(-1);
    };
  }

  /** Counts a promise while it is pending and hands it back. */
  track<T>(work: Promise<T>): Promise<T> {
    const end = this.begin();
    return work.finally(end);
  }

  /** Whether anything is loading. */
  get loading(): boolean {
    return this.getSnapshot().count > 0;
  }

  private change(delta: number): void {
    const count = Math.max(0, this.getSnapshot().count + delta);
    this.setSnapshot(count === 0 ? IDLE : { count, status: 'loading' });
  }
}
