import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/Config';
import { createServer } from '../createServer';
import { signToken, tokenPayloadFor } from '../auth/tokenCodec';
import { listenForTest } from '../test/listenForTest';
import { REDACTED, redactSecrets } from './redactSecrets';

/** A token shaped as Entra's: three base64url parts. */
function jwtLike(): string {
  const part = (bytes: number): string => randomBytes(bytes).toString('base64url');
  return `eyJ${part(30)}.${part(120)}.${part(64)}`;
}

describe('secrets in URLs are redacted from every log line (second attack finding 2)', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-logs-'));
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_PORT: '0',
      DATAHAVEN_LOG_LEVEL: 'info',
    });
    app = await createServer(config, { jobRunner: false, logger: true, logDestination: { write: (line: string) => lines.push(line) } });
    baseUrl = await listenForTest(app);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the requests that carried an Entra token in auth=, a Graph token in token= and a product token, without any of them', async () => {
    const entraToken = jwtLike();
    // Graph's delegated tokens for personal accounts are opaque, not JWTs: only the parameter's name gives them away.
    const graphToken = `EwB${randomBytes(90).toString('base64')}`;
    const productToken = signToken(randomBytes(32), tokenPayloadFor('clerk', new Date()));
    const secrets = [entraToken, graphToken, productToken];
    const urls = [
      `/api/token/user?type=jwt&auth=${encodeURIComponent(entraToken)}`,
      `/api/token/user?auth=${encodeURIComponent(entraToken)}&type=jwt`,
      `/api/email-link?documentIds=1&token=${encodeURIComponent(graphToken)}`,
      `/api/email-link?token=${graphToken}&documentIds=1`,
      `/api/options?token=${productToken}`,
      `/api/documents/${productToken}`,
    ];
    for (const url of urls) await fetch(baseUrl + url);
    const logged = lines.join('');
    for (const url of urls) expect(logged).toContain(url.slice(0, url.indexOf(url.includes('?') ? '?' : '/api/documents/') + 1));
    expect(logged).toContain(REDACTED);
    for (const secret of secrets) {
      for (const spelling of [secret, encodeURIComponent(secret), secret.slice(0, 40), encodeURIComponent(secret).slice(-40)])
        expect(logged).not.toContain(spelling);
    }
  });

  it('redacts secret parameters and token-shaped text anywhere in a line (messages, error texts, stacks)', () => {
    const jwt = jwtLike();
    const line = JSON.stringify({
      msg: `fetch https://graph.example/v1.0/me?access_token=abc123secret&x=1 failed`,
      err: { message: `Bearer ${jwt} refused`, stack: `Error: at https://erp.example/api?client_secret=s3cr3t#frag\n    at x` },
    });
    const redacted = redactSecrets(line);
    for (const secret of ['abc123secret', jwt, 's3cr3t']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain(`access_token=${REDACTED}&x=1`);
    expect(JSON.parse(redacted)).toBeInstanceOf(Object);
  });
});
