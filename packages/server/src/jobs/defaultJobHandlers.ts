import type { AppDeps } from '../services/AppDeps';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { textExtractionJobHandler } from '../search/textExtractionJob';
import type { JobHandler } from './JobHandler';
import { THUMBNAIL_JOB, thumbnailJobHandler } from '../renditions/thumbnailJob';
import { LINKED_RECORD_FACTS_JOB, linkedRecordFactsJobHandler } from '../erp/linkedRecordFactsJob';
import { teamsNotificationJobHandlers } from '../notifications/teamsNotificationJobHandlers';

/** The handlers the server runs, by job kind: the PDF text extraction of search, the page thumbnails, the linked records' decision facts and the Teams notifications. */
export function defaultJobHandlers(
  deps: Pick<AppDeps, 'db' | 'fileStore' | 'now' | 'entitySources' | 'config' | 'databaseNow'> & Partial<Pick<AppDeps, 'jobSignal'>>,
): Record<string, JobHandler> {
  return {
    [TEXT_EXTRACTION_JOB]: textExtractionJobHandler(deps),
    [THUMBNAIL_JOB]: thumbnailJobHandler(deps),
    [LINKED_RECORD_FACTS_JOB]: linkedRecordFactsJobHandler(deps),
    ...teamsNotificationJobHandlers(deps),
  };
}
