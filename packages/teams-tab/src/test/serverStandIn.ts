/** One request the stand-in saw. */
export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | null;
}

/** Answers one path (without the query) of the stand-in. */
export type StandInRoute = (request: SeenRequest) => Response | Promise<Response>;

/**
 * A fetch that answers from a table of paths, as the server would (the settings, the token
 * exchange, the workflow calls), and records what it was asked; unknown paths answer 404.
 */
export function serverStandIn(routes: Record<string, StandInRoute>): { fetch: typeof fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const request: SeenRequest = { method: init?.method ?? 'GET', url, authorization: headers.get('Authorization') };
    seen.push(request);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[path];
    return Promise.resolve(route ? route(request) : new Response('Not found.', { status: 404 }));
  };
  return { fetch: fetchFn, seen };
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A plain-text answer. */
export function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
