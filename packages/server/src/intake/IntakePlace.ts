import type { EnteredQueue } from '../access';
import type { UploadTarget } from './documentUploader';

/**
 * Where arriving documents land: a record's folder (an upload: linked to the record, and in its
 * table's import queue when the table names one) or a queue (an import: unlinked, in the queue).
 */
export type IntakePlace = { kind: 'record'; target: UploadTarget } | { kind: 'queue'; queue: EnteredQueue };
