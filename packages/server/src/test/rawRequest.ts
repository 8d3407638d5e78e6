import { request as httpRequest } from 'node:http';

/** An answer read whole by `rawRequest`. */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A GET sent with node:http, whose headers are sent as given — a Host header of the test's
 * choosing included, which fetch() replaces with the URL's own.
 */
export function rawRequest(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolveAnswer, reject) => {
    const sent = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers, setHost: headers.host === undefined },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolveAnswer({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
