import type { AppDeps } from '../services/AppDeps';

/**
 * Returns the key of a file derived from `sourceKey` (a converted PDF, a thumbnail), producing and
 * storing it on first use. The derived file gets its own `files` row, so the orphan sweep keeps it.
 */
export async function derivedFileKey(
  deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>,
  sourceKey: string,
  kind: string,
  mediaType: string,
  produce: () => Promise<{ data: Buffer; pages: number }>,
): Promise<string> {
  const cached = await deps.db
    .selectFrom('derived_files')
    .select('derived_sha256')
    .where('source_sha256', '=', sourceKey)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (cached !== undefined && (await deps.fileStore.has(cached.derived_sha256))) return cached.derived_sha256;
  const { data, pages } = await produce();
  const stored = await deps.fileStore.putBuffer(data);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('files')
      .values({ sha256: stored.key, size: stored.size, media_type: mediaType, page_count: pages, created_at: now })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    await trx
      .insertInto('derived_files')
      .values({ source_sha256: sourceKey, kind, derived_sha256: stored.key, created_at: now })
      .onConflict((oc) => oc.columns(['source_sha256', 'kind']).doUpdateSet({ derived_sha256: stored.key, created_at: now }))
      .execute();
  });
  return stored.key;
}
