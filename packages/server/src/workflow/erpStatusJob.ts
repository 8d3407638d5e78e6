import type { JobDefinition } from '../jobs/JobDefinition';
import { DEFAULT_JOB_RETRY } from '../jobs/jobRetryPolicy';
import { ERP_STATUS_JOB } from './erpStatusOutbox';
import { writeBackErpStatus, type ErpWriteBackDeps } from './erpStatusWriteBack';

/**
 * The `workflow:erp-approval-status` job kind of the workflow module: writes one decision's
 * approval status to the linked purchase invoice in the ERP (subject: the erp_status_writes row's
 * id). Idempotent (a row no longer pending is left alone); an ERP that cannot be reached fails the
 * run, so the runner retries it with backoff, and the row ends `failed` with the reason on the
 * runner's last run (the default policy's, which the server's runner uses).
 */
export const erpStatusJob: JobDefinition<ErpWriteBackDeps> = {
  kind: ERP_STATUS_JOB,
  handler: (deps) => async (job) => {
    const id = Number(job.subject);
    if (!Number.isInteger(id) || id < 1) return;
    await writeBackErpStatus(deps, id, job.attempts >= DEFAULT_JOB_RETRY.maxAttempts);
  },
};
