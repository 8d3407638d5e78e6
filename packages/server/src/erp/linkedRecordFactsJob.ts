import { LINKED_RECORD_FACTS_JOB, refreshLinkedRecordFacts } from './linkedRecordFacts';
import type { ErpDeps } from './ErpDeps';
import type { JobHandler } from '../jobs/JobHandler';
import type { JobDefinition } from '../jobs/JobDefinition';

/**
 * The `erp:linked-record-facts` job: reads one linked record's decision facts from its ERP into
 * linked_record_facts (subject: the row's id). Idempotent; an unreachable ERP marks the row
 * stale rather than failing the job (erp/linkedRecordFacts.ts).
 */
export function linkedRecordFactsJobHandler(deps: Pick<ErpDeps, 'db' | 'entitySources' | 'now'>): JobHandler {
  return async (job) => {
    const id = Number(job.subject);
    if (!Number.isInteger(id) || id < 1) return;
    await refreshLinkedRecordFacts(deps, id);
  };
}

/** The `erp:linked-record-facts` job kind of the erp module. */
export const linkedRecordFactsJob: JobDefinition<Pick<ErpDeps, 'db' | 'entitySources' | 'now'>> = {
  kind: LINKED_RECORD_FACTS_JOB,
  handler: (deps) => linkedRecordFactsJobHandler(deps),
};
