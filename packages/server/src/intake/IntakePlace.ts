import type { EnteredQueue } from '../access';
import type { ResolvedRecordContext } from '../db/recordContext';

/** Where uploaded documents land: a resolved record context with its record id, and a subtype. */
export interface UploadTarget {
  context: ResolvedRecordContext & { recordId: string };
  subtypeId: number | null;
}

/**
 * Where arriving documents land: a record's folder (an upload: linked to the record, and in its
 * table's import queue when the table names one) or a queue (an import: unlinked, in the queue).
 */
export type IntakePlace = { kind: 'record'; target: UploadTarget } | { kind: 'queue'; queue: EnteredQueue };
