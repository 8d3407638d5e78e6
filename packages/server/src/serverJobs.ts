import { captureJob } from './capture';
import { linkedRecordFactsJob } from './erp';
import type { JobDefinition } from './jobs/JobDefinition';
import { jobHandlersOf } from './jobs/JobDefinition';
import type { JobHandler } from './jobs/JobHandler';
import { rejectMailJobs, teamsNotificationJobs } from './notifications';
import type { ServerDeps } from './openServices';
import { thumbnailJob } from './renditions';
import { textExtractionJob } from './search';
import { erpStatusJob } from './workflow';

/**
 * Every background job kind the server runs, as its module declares it: search's PDF text
 * extraction, renditions' page thumbnails, erp's linked records' decision facts, the
 * notifications module's Teams batch and send and reject mails, workflow's write-back of decisions to the ERP, and capture's reading of invoice facts.
 */
export function serverJobs(): JobDefinition<ServerDeps>[] {
  return [textExtractionJob, thumbnailJob, linkedRecordFactsJob, ...teamsNotificationJobs(), ...rejectMailJobs(), erpStatusJob, captureJob];
}

/** The handlers of `serverJobs` by kind, for the server's JobRunner (and tests that run one). */
export function serverJobHandlers(deps: ServerDeps): Record<string, JobHandler> {
  return jobHandlersOf(serverJobs(), deps);
}
