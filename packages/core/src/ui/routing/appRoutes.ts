/** The paths this app serves (embedded §2, this part), as patterns for the last-route check. */
const APP_ROUTE_PATTERNS: readonly RegExp[] = [/^\/folders(\/[^/?#]+)?$/, /^\/viewer\/[^/?#]+$/, /^\/notes\/[^/?#]+$/];

/** Whether a stored route (path plus query) is one this app can show. */
export function isAppRoute(route: string): boolean {
  const path = route.split(/[?#]/, 1)[0];
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}
