import type { AppDeps } from '../http/AppDeps';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { textExtractionJobHandler } from '../search/runTextExtraction';
import type { JobHandler } from './JobHandler';

/** The handlers the server runs, by job kind: today the PDF text extraction of search. */
export function defaultJobHandlers(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): Record<string, JobHandler> {
  return { [TEXT_EXTRACTION_JOB]: textExtractionJobHandler(deps) };
}
