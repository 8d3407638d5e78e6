import type { AppDeps } from '../services/AppDeps';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { textExtractionJobHandler } from '../search/textExtractionJob';
import type { JobHandler } from './JobHandler';
import { THUMBNAIL_JOB, thumbnailJobHandler } from './thumbnailJob';

/** The handlers the server runs, by job kind: the PDF text extraction of search and the page thumbnails. */
export function defaultJobHandlers(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): Record<string, JobHandler> {
  return { [TEXT_EXTRACTION_JOB]: textExtractionJobHandler(deps), [THUMBNAIL_JOB]: thumbnailJobHandler(deps) };
}
