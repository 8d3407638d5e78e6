/**
 * How a job run ended: done; failed and due again later (retry); failed for good; or handed
 * back unfinished by a stopping runner (pending again at once, its attempt not counted).
 */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'handed-back';
