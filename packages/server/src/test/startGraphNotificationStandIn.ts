import Fastify from 'fastify';
import { registerDemoGraphRoutes } from '../demo/registerDemoGraphRoutes';
import type { RecordedActivityNotification, RecordedMail } from '../demo/registerDemoGraphRoutes';
import { listenForTest } from './listenForTest';

/** The demo's Graph stand-in, served alone on loopback for tests. */
export interface GraphNotificationStandIn {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** What DATAHAVEN_GRAPH_URL points at: `${origin}/demo/graph/v1.0`. */
  graphUrl: string;
  /** The notifications recorded so far (GET /demo/graph/notifications). */
  notifications(): Promise<RecordedActivityNotification[]>;
  /** The mails sendMail took so far, oldest first. */
  mails(): Promise<RecordedMail[]>;
  /** How many 429s the stand-in answered so far. */
  throttled(): Promise<number>;
  /** How many requests reached Graph's API (`/demo/graph/v1.0/…`) so far, refused ones included; read at once, without a request. */
  requests(): number;
  /** Makes the next notification or mail answer `status` (429 by default) with this Retry-After, once. */
  throttleOnce(retryAfterSeconds: number, status?: 429 | 503): Promise<void>;
  close(): Promise<void>;
}

/** Starts the Graph stand-in of demo/registerDemoGraphRoutes on a Fastify of its own, taking app tokens of `authority`. */
export async function startGraphNotificationStandIn(authority: string): Promise<GraphNotificationStandIn> {
  const app = Fastify();
  let requests = 0;
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/demo/graph/v1.0/')) requests += 1;
  });
  await registerDemoGraphRoutes(app, { authority: () => authority });
  const origin = await listenForTest(app);
  return {
    origin,
    graphUrl: `${origin}/demo/graph/v1.0`,
    notifications: async () =>
      ((await (await fetch(`${origin}/demo/graph/notifications`)).json()) as { notifications: RecordedActivityNotification[] })
        .notifications,
    throttled: async () => ((await (await fetch(`${origin}/demo/graph/notifications`)).json()) as { throttled: number }).throttled,
    mails: async () => ((await (await fetch(`${origin}/demo/graph/sent-mail`)).json()) as { mails: RecordedMail[] }).mails,
    throttleOnce: async (retryAfterSeconds, status = 429) => {
      const response = await fetch(`${origin}/demo/graph/throttle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ retryAfterSeconds, status }),
      });
      if (response.status !== 204) throw new Error(`The Graph stand-in refused the throttle switch: ${response.status}`);
    },
    requests: () => requests,
    close: () => app.close(),
  };
}
