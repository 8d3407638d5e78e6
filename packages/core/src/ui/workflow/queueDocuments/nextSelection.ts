/**
 * The document to select after some left the list (UX.md: move straight to the next document,
 * wrapping to the first): the first remaining one after the last of `leaving` in the old order,
 * else the first remaining one; null when none remains.
 */
export function nextAfterRemoval(orderedIds: readonly number[], leaving: readonly number[]): number | null {
  const remaining = orderedIds.filter((id) => !leaving.includes(id));
  if (remaining.length === 0) return null;
  const lastIndex = Math.max(-1, ...leaving.map((id) => orderedIds.indexOf(id)));
  return orderedIds.slice(lastIndex + 1).find((id) => !leaving.includes(id)) ?? remaining[0];
}
