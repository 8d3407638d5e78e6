import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AnnotationsTable, Database } from '../../db/schema';

/** Where one page of a derived document came from: page `page` (1-based) of document `documentId`. */
export interface SourcePage {
  documentId: number;
  page: number;
}

/** Rows per INSERT: 15 columns each stays far below SQLite's bound-parameter limit. */
const INSERT_BATCH = 50;

/**
 * Copies the annotations of each source page onto the page of `targetDocumentId` it became
 * (`pages[i]` became page i + 1), inside the caller's transaction. Coordinates stay as they are:
 * they are relative to the page as displayed, and a copied page keeps its boxes and rotation.
 * Each copy gets a new id and row version 1 and keeps its author and times, so a mark still
 * says who drew it when. A source page used twice gives two copies. Resolves to the number copied.
 */
export async function copyAnnotationsToPages(
  trx: Kysely<Database>,
  targetDocumentId: number,
  pages: readonly SourcePage[],
): Promise<number> {
  const documentIds = [...new Set(pages.map((source) => source.documentId))];
  if (documentIds.length === 0) return 0;
  const rows = await trx
    .selectFrom('annotations')
    .selectAll()
    .where('document_id', 'in', documentIds)
    // Creation order within a page is the drawing order; the copies keep it.
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return 0;
  const byPage = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.document_id}:${Number(row.page)}`;
    const list = byPage.get(key);
    if (list === undefined) byPage.set(key, [row]);
    else list.push(row);
  }
  const copies: Insertable<AnnotationsTable>[] = [];
  pages.forEach((source, index) => {
    for (const row of byPage.get(`${source.documentId}:${source.page}`) ?? []) {
      const { id: _id, document_id: _documentId, page: _page, row_version: _rowVersion, ...fields } = row;
      copies.push({ ...fields, id: randomUUID(), document_id: targetDocumentId, page: index + 1, row_version: 1 });
    }
  });
  for (let start = 0; start < copies.length; start += INSERT_BATCH) {
    await trx
      .insertInto('annotations')
      .values(copies.slice(start, start + INSERT_BATCH))
      .execute();
  }
  return copies.length;
}
