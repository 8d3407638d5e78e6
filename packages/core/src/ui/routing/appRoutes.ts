/** The workflow child screens (portal §2), under either prefix of the workflow area. */
const WORKFLOW_CHILD = String.raw`(auto|queue-types|queue-types/[^/?#]+/queues|queues|queues/[^/?#]+/documents(/route)?)`;

/** The workflow screens a stored route may return to (portal §2 /workflow2). */
const WORKFLOW_ROUTE_PATTERN = new RegExp(`^/(portal/workflow|workflow2)/${WORKFLOW_CHILD}$`);

/**
 * The paths this app serves (embedded §2, portal §2, the parts built so far), as patterns for the
 * last-route check. The redirecting paths (/workflow, /workflow1, /workflow2 and the bare area
 * roots) are left out: remembering one of them would send a reload back into the redirect.
 */
const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/folders(\/[^/?#]+)?$/,
  /^\/viewer\/[^/?#]+$/,
  /^\/notes\/[^/?#]+$/,
  WORKFLOW_ROUTE_PATTERN,
  /^\/approval-routes\/[^/?#]+$/,
  /^\/queue-types\/[^/?#]+\/queues-slim$/,
  /^\/(portal\/)?search$/,
  /^\/documents\/\d+\/custom$/,
  /^\/thumbnail-split\/[^/?#]+$/,
  /^\/merge-documents$/,
  /^\/link-to-existing\/[^/?#]+$/,
  /^\/metadata\/entities(\/[^/?#]+)?$/,
  /^\/metadata\/entity\/[^/?#]+$/,
  /^\/metadata-sources\/[^/?#]+$/,
  /^\/entity-types\/[^/?#]+\/entities$/,
];

/** The path part of a route (path plus query and hash). */
function pathOf(route: string): string {
  return route.split(/[?#]/, 1)[0];
}

/** Whether a stored route (path plus query) is one this app can show. */
export function isAppRoute(route: string): boolean {
  const path = pathOf(route);
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}

/** Whether a stored route is a workflow screen, where /workflow2 may send the user back to. */
export function isWorkflowRoute(route: string): boolean {
  return WORKFLOW_ROUTE_PATTERN.test(pathOf(route));
}
