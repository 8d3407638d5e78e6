import { createHash } from 'node:crypto';
import { ROW_VERSION } from './EntitySetDefinition';
import type { ODataEntity } from './EntitySetDefinition';

/**
 * The entity's ETag: its row version when its table keeps one (Documents), otherwise a weak
 * validator over its JSON representation. The workflow tables carry no row version, so there the
 * content itself is the version: any change of a property changes the ETag,
 * which is what If-Match needs to refuse a lost update (SECURITY row 21).
 */
export function etagOf(entity: ODataEntity): string {
  const version = entity[ROW_VERSION];
  if (version !== undefined) return etagOfRowVersion(version);
  return `W/"${createHash('sha256').update(JSON.stringify(entity)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-Match header value (`*` or a comma-separated list of ETags) matches `etag`; weak prefixes are ignored. */
export function ifMatchAccepts(header: string, etag: string): boolean {
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || bare(tag) === bare(etag));
}

/** The ETag of a row version: `W/"7"`. */
export function etagOfRowVersion(version: number): string {
  return `W/"${version}"`;
}

/**
 * The row version an If-Match header names for an entity whose current version is `current`:
 * `*` or a list holding the current ETag → `current`; otherwise the first row-version ETag of the
 * list (an old one, which the command then refuses as out of sync); null when none is one.
 */
export function rowVersionOfIfMatch(header: string, current: number): number | null {
  if (ifMatchAccepts(header, etagOfRowVersion(current))) return current;
  for (const tag of header.split(',')) {
    const match = /^(?:W\/)?"(\d{1,15})"$/.exec(tag.trim());
    if (match !== null) return Number(match[1]);
  }
  return null;
}
