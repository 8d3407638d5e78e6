import type { JobHandler } from './JobHandler';

/**
 * One kind of background job as the module that owns it declares it: the `jobs.kind` its rows
 * carry and how its handler is made over the dependencies it needs. The composition root lists
 * every module's definitions (serverJobs.ts) and hands the runner their handlers, so the job
 * infrastructure (runner, claim, finish, signal) knows no module.
 */
export interface JobDefinition<D> {
  /** `jobs.kind` of the rows this definition runs, e.g. `search:extract-text`. */
  readonly kind: string;
  /** Makes the handler over the server's dependencies, once per runner. */
  handler(deps: D): JobHandler;
}

/** The handlers of `definitions` by kind, for a JobRunner; a kind declared twice is a programming error. */
export function jobHandlersOf<D>(definitions: readonly JobDefinition<D>[], deps: D): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const definition of definitions) {
    if (definition.kind in handlers) throw new Error(`The job kind ${definition.kind} is declared twice.`);
    handlers[definition.kind] = definition.handler(deps);
  }
  return handlers;
}
