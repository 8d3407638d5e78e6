import { createHash } from 'node:crypto';
import type { ODataEntity } from './EntitySetDefinition';

/**
 * The entity's ETag: a weak validator over its JSON representation. The workflow tables carry no
 * row version, so the content itself is the version: any change of a property changes the ETag,
 * which is what If-Match needs to refuse a lost update (SECURITY row 21).
 */
export function etagOf(entity: ODataEntity): string {
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
