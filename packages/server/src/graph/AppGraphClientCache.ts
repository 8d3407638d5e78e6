import { ClientCredentialsTokenProvider } from './AppTokenProvider';
import { GraphClient } from './GraphClient';
import type { GraphClientOptions } from './GraphClient';

/** The app registration and Graph URL an app-only Graph client works with. */
export interface AppGraphSettings {
  /** Graph's URL with its version (DATAHAVEN_GRAPH_URL; the stand-in in the demo and the tests). */
  graphUrl: string;
  /** Entra's authority the app tokens come from. */
  authority: string;
  clientId: string;
  clientSecret: string;
}

/** Tuning every client of the cache gets (tests shorten the waits). */
export type AppGraphClientTuning = Pick<GraphClientOptions, 'timeoutMs' | 'maxAttempts' | 'maxWaitMs' | 'backoffMs' | 'log' | 'sleep'>;

/**
 * One app-only `GraphClient` (with its Graph client and token cache) kept while the settings stay
 * the same, and made afresh when they change (a new secret, the demo's origin settled after
 * listening): what each sender of notifications and mails holds.
 */
export class AppGraphClientCache {
  readonly #tuning: AppGraphClientTuning;
  #current: { key: string; client: GraphClient } | null = null;

  constructor(tuning: AppGraphClientTuning = {}) {
    this.#tuning = tuning;
  }

  /** The client for `settings`: the kept one while they are unchanged. */
  clientFor(settings: AppGraphSettings): GraphClient {
    const key = JSON.stringify([settings.graphUrl, settings.authority, settings.clientId, settings.clientSecret]);
    if (this.#current?.key !== key) {
      const tokens = new ClientCredentialsTokenProvider({
        authority: settings.authority,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
      });
      this.#current = { key, client: new GraphClient({ ...this.#tuning, graphUrl: settings.graphUrl, tokens }) };
    }
    return this.#current.client;
  }
}
