/**
 * The spec's '/#' rewrite (embedded §2): a path beginning with '/#' is rewritten to the path
 * after it, so old hash links (`/#/viewer/xx`) land on the history-mode route. Returns null when
 * the path needs no rewrite.
 */
export function rewriteHashPath(pathWithHash: string): string | null {
  if (!pathWithHash.startsWith('/#')) return null;
  const rest = pathWithHash.slice(2);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
