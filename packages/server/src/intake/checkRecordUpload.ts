import type { Kysely } from 'kysely';
import { accessRefusalsFor, assertNotFinalQueue, canUploadTo, importQueueOfTable } from '../access';
import type { Viewer } from '../access';
import type { RecordContextQuery } from '../db/recordContext';
import { resolveRecordContext } from '../db/recordContext';
import type { Database } from '../db/schema';
import { forbidden, invalid } from '../errors/DomainError';
import type { UploadTarget } from './IntakePlace';

/**
 * Whether the viewer may upload to the record a request names, checked before any byte is stored
 * (POST /api/documents, POST /api/mail-import with a record): an integrated table that matches the
 * context (400), the 'Cabinet: Import Documents' privilege (403), upload access to the table in the
 * record's company (403 in words), when a subtype is named, one of that table (400), and an import
 * queue (the table's import settings) that is not a final queue (403 in words: an upload never puts
 * a document into Approved; commitArrivals asks again in its transaction). Resolves to where the
 * documents land.
 */
export async function checkRecordUpload(
  db: Kysely<Database>,
  viewer: Viewer,
  context: RecordContextQuery,
  subtypeId: number | null,
): Promise<UploadTarget> {
  const resolved = await resolveRecordContext(db, context);
  if (resolved === undefined || resolved.recordId === null) throw invalid('No integrated table matches the context.');
  if (!viewer.privileges.has('Cabinet: Import Documents'))
    throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded('uploading', 'Cabinet: Import Documents'));
  if (!(await canUploadTo(db, viewer, resolved.sit.id, resolved.dataAreaId))) {
    const label = resolved.sit.label;
    throw forbidden((language) => accessRefusalsFor(language).recordUploadForbidden(label));
  }
  if (subtypeId !== null) {
    const subtype = await db
      .selectFrom('subtypes')
      .select('id')
      .where('id', '=', subtypeId)
      .where('integrated_table_id', '=', resolved.sit.id)
      .executeTakeFirst();
    if (subtype === undefined) throw invalid(`Subtype ${subtypeId} does not belong to ${resolved.sit.label}.`);
  }
  const importQueue = await importQueueOfTable(db, resolved.sit.id);
  if (importQueue !== null) await assertNotFinalQueue(db, importQueue);
  return { context: { ...resolved, recordId: resolved.recordId }, subtypeId };
}
