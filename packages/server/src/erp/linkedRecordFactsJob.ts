import { LINKED_RECORD_FACTS_JOB, refreshLinkedRecordFacts } from './linkedRecordFacts';
import type { AppDeps } from '../services/AppDeps';
import type { JobHandler } from '../jobs/JobHandler';

export { LINKED_RECORD_FACTS_JOB };

/**
 * The `erp:linked-record-facts` job: reads one linked record's decision facts from its ERP into
 * linked_record_facts (subject: the row's id). Idempotent; an unreachable ERP marks the row
 * stale rather than failing the job (erp/linkedRecordFacts.ts).
 */
export function linkedRecordFactsJobHandler(deps: Pick<AppDeps, 'db' | 'entitySources' | 'now'>): JobHandler {
  return async (job) => {
    const id = Number(job.subject);
    if (!Number.isInteger(id) || id < 1) return;
    await refreshLinkedRecordFacts(deps, id);
  };
}
