import type { FastifyInstance, FastifyReply } from 'fastify';
import { demoGraphTokenCheck } from './demoGraphTokenCheck';

/** Options of the Graph stand-in. */
export interface DemoGraphOptions {
  /**
   * The Entra authority whose app tokens the stand-in takes, read at each request (the demo's is
   * settled once the server listens): keys at `${authority}/${tid}/discovery/v2.0/keys`, issuer
   * `${authority}/${tid}/v2.0`.
   */
  authority: () => string;
}

/** One notification the stand-in took. */
export interface RecordedActivityNotification {
  id: number;
  receivedAt: string;
  /** The recipient's object id, from the URL. */
  userId: string;
  /** The tenant of the app token it came with. */
  tenantId: string;
  activityType: string;
  topic: { source: string; value: string; webUrl: string };
  previewText: { content: string };
  templateParameters: { name: string; value: string }[];
}

/** One mail the stand-in's sendMail took. */
export interface RecordedMail {
  id: number;
  receivedAt: string;
  /** The sending mailbox, from the URL. */
  from: string;
  /** The tenant of the app token it came with. */
  tenantId: string;
  subject: string;
  body: { contentType: string; content: string };
  toRecipients: { emailAddress: { address: string; name?: string } }[];
  saveToSentItems: boolean;
}

/** What is wrong with a sendMail body (Graph's rules for the fields the server sends), or null. */
function mailShapeProblem(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.message)) return 'The body must be { message, saveToSentItems? }.';
  const { subject, body: content, toRecipients } = body.message;
  if (typeof subject !== 'string') return 'message.subject must be a string.';
  if (!isRecord(content) || !['HTML', 'Text', 'html', 'text'].includes(String(content.contentType)) || typeof content.content !== 'string')
    return "message.body must be { contentType: 'HTML' | 'Text', content }.";
  if (
    !Array.isArray(toRecipients) ||
    toRecipients.length === 0 ||
    !toRecipients.every(
      (r) => isRecord(r) && isRecord(r.emailAddress) && typeof r.emailAddress.address === 'string' && r.emailAddress.address.includes('@'),
    )
  )
    return 'message.toRecipients must list at least one { emailAddress: { address } }.';
  if (body.saveToSentItems !== undefined && typeof body.saveToSentItems !== 'boolean') return 'saveToSentItems must be a boolean.';
  return null;
}

/** The keys of a sendActivityNotification body the stand-in knows; Graph refuses others. */
const BODY_KEYS = new Set(['topic', 'activityType', 'previewText', 'templateParameters', 'chainId', 'teamsAppId']);
/** Recorded notifications kept at most (oldest dropped first). */
const MAX_RECORDED = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function graphError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').send({ error: { code, message } });
}

/** What is wrong with a sendActivityNotification body (Graph's rules for a text topic), or null. */
function shapeProblem(body: unknown): string | null {
  if (!isRecord(body)) return 'The body must be a JSON object.';
  const unknown = Object.keys(body).filter((key) => !BODY_KEYS.has(key));
  if (unknown.length > 0) return `Unknown properties: ${unknown.join(', ')}.`;
  const { topic, activityType, previewText, templateParameters } = body;
  if (
    !isRecord(topic) ||
    topic.source !== 'text' ||
    typeof topic.value !== 'string' ||
    topic.value === '' ||
    typeof topic.webUrl !== 'string'
  ) {
    return "topic must be { source: 'text', value, webUrl }.";
  }
  if (!topic.webUrl.startsWith('https://teams.microsoft.com/l/'))
    return 'A text topic needs a Teams deep link as webUrl (https://teams.microsoft.com/l/…).';
  if (typeof activityType !== 'string' || activityType === '') return 'activityType is required.';
  if (!isRecord(previewText) || typeof previewText.content !== 'string') return 'previewText must be { content }.';
  if (Array.from(previewText.content).length > 150) return 'previewText.content is longer than 150 characters.';
  if (
    !Array.isArray(templateParameters) ||
    !templateParameters.every((p) => isRecord(p) && typeof p.name === 'string' && p.name !== '' && typeof p.value === 'string')
  ) {
    return 'templateParameters must be a list of { name, value } strings.';
  }
  return null;
}

/**
 * A Microsoft Graph stand-in for Teams activity notifications (demo and tests, loopback only —
 * the demo registers it inside its loopback-only scope): `POST /demo/graph/v1.0/users/{id}/
 * teamwork/sendActivityNotification` takes an app token of the Entra authority (signature by its
 * key set, issuer, Graph audience, expiry; else 401 as Graph words it) and a body shaped as Graph
 * wants it (else 400), records it and answers 204. `GET /demo/graph/notifications` lists what was
 * recorded, oldest first (and how many 429s were answered); `DELETE` clears it. `POST /demo/graph/v1.0/users/{from}/
 * sendMail` takes an app token with the Mail.Send role (else 403) and a message shaped as Graph wants
 * it (else 400), records it and answers 202; `GET /demo/graph/sent-mail` lists the mails taken.
 * `POST /demo/graph/throttle` `{ retryAfterSeconds, status?: 429 | 503 }` makes the next notification
 * or mail answer that status (429 by default) with that Retry-After, once.
 */
export async function registerDemoGraphRoutes(app: FastifyInstance, options: DemoGraphOptions): Promise<void> {
  const recorded: RecordedActivityNotification[] = [];
  let nextId = 1;
  const mails: RecordedMail[] = [];
  let nextMailId = 1;
  let throttleSeconds: number | null = null;
  /** The status the next throttled answer has (429 unless the switch asked for 503). */
  let throttleStatus: 429 | 503 = 429;
  /** 429s answered so far: a test sees that the throttle switch was met. */
  let throttled = 0;
  /** The tenant of a valid app token, or why it is not one. */
  const checkToken = demoGraphTokenCheck(options.authority);

  app.post<{ Params: { userId: string } }>('/demo/graph/v1.0/users/:userId/teamwork/sendActivityNotification', async (request, reply) => {
    const token = await checkToken(request.headers.authorization);
    if ('refused' in token) return graphError(reply, 401, 'InvalidAuthenticationToken', token.refused);
    if (throttleSeconds !== null) {
      const seconds = throttleSeconds;
      throttleSeconds = null;
      throttled += 1;
      return graphError(reply.header('Retry-After', String(seconds)), 429, 'TooManyRequests', 'Too many requests.');
    }
    const problem = shapeProblem(request.body);
    if (problem !== null) return graphError(reply, 400, 'BadRequest', problem);
    const body = request.body as Omit<RecordedActivityNotification, 'id' | 'receivedAt' | 'userId' | 'tenantId'>;
    recorded.push({
      id: nextId,
      receivedAt: new Date().toISOString(),
      userId: request.params.userId,
      tenantId: token.tenantId,
      activityType: body.activityType,
      topic: { source: body.topic.source, value: body.topic.value, webUrl: body.topic.webUrl },
      previewText: { content: body.previewText.content },
      templateParameters: body.templateParameters.map((p) => ({ name: p.name, value: p.value })),
    });
    nextId += 1;
    if (recorded.length > MAX_RECORDED) recorded.splice(0, recorded.length - MAX_RECORDED);
    return reply.status(204).send();
  });

  app.post<{ Params: { userId: string } }>('/demo/graph/v1.0/users/:userId/sendMail', async (request, reply) => {
    const token = await checkToken(request.headers.authorization);
    if ('refused' in token) return graphError(reply, 401, 'InvalidAuthenticationToken', token.refused);
    const roles = Array.isArray(token.claims.roles) ? token.claims.roles : [];
    if (!roles.includes('Mail.Send'))
      return graphError(reply, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    if (throttleSeconds !== null) {
      const seconds = throttleSeconds;
      throttleSeconds = null;
      throttled += 1;
      return throttleStatus === 429
        ? graphError(
            reply.header('Retry-After', String(seconds)),
            429,
            'ApplicationThrottled',
            'Application is over its MailboxConcurrency limit.',
          )
        : graphError(reply.header('Retry-After', String(seconds)), 503, 'ServiceUnavailable', 'The service is temporarily unavailable.');
    }
    const problem = mailShapeProblem(request.body);
    if (problem !== null) return graphError(reply, 400, 'ErrorInvalidRequest', problem);
    const body = request.body as { message: Pick<RecordedMail, 'subject' | 'body' | 'toRecipients'>; saveToSentItems?: boolean };
    mails.push({
      id: nextMailId,
      receivedAt: new Date().toISOString(),
      from: request.params.userId,
      tenantId: token.tenantId,
      subject: body.message.subject,
      body: { contentType: body.message.body.contentType, content: body.message.body.content },
      toRecipients: body.message.toRecipients.map((r) => ({ emailAddress: { ...r.emailAddress } })),
      // Graph's default is to keep a copy.
      saveToSentItems: body.saveToSentItems ?? true,
    });
    nextMailId += 1;
    if (mails.length > MAX_RECORDED) mails.splice(0, mails.length - MAX_RECORDED);
    // Graph answers 202 Accepted without a body.
    return reply.status(202).send();
  });

  app.get('/demo/graph/sent-mail', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ mails, throttled }));

  app.get('/demo/graph/notifications', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ notifications: recorded, throttled }),
  );

  app.delete('/demo/graph/notifications', async (_request, reply) => {
    recorded.length = 0;
    return reply.status(204).send();
  });

  app.post('/demo/graph/throttle', async (request, reply) => {
    // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return graphError(reply, 415, 'UnsupportedMediaType', 'Send JSON.');
    const seconds = isRecord(request.body) ? request.body.retryAfterSeconds : undefined;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 120) {
      return graphError(reply, 400, 'BadRequest', 'retryAfterSeconds must be a whole number of seconds from 0 to 120.');
    }
    const status = isRecord(request.body) ? (request.body.status ?? 429) : 429;
    if (status !== 429 && status !== 503) return graphError(reply, 400, 'BadRequest', 'status must be 429 or 503.');
    throttleSeconds = seconds;
    throttleStatus = status;
    return reply.status(204).send();
  });
}
